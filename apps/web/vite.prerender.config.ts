import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config';

/**
 * The build-time render of the signed-out pages: src/sign-in-prerender.tsx built
 * for Node into .prerender/, which scripts/prerender-sign-in.mjs runs to write the pre-rendered
 * pages next to sign-in.html. The same plugins, aliases and CSS-module names as the browser build,
 * so the markup matches what the sign-in entry hydrates.
 */
export default mergeConfig(
  base,
  defineConfig({
    // The workspace's contracts are TypeScript sources: bundled, not imported by Node at run time.
    ssr: { noExternal: [/^@pc\//] },
    build: {
      ssr: 'src/sign-in-prerender.tsx',
      outDir: '.prerender',
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: { output: { entryFileNames: '[name].js' } },
    },
  }),
);
