import { defineConfig, mergeConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import base from './vite.config';

/**
 * The light entry of the signed-out pages: sign-in.html and src/sign-in-main.tsx,
 * built on its own after the full app into the same dist/ (`npm run build` runs both). A build of
 * its own, not a second input of the app's build: shared modules would then be chunked for both,
 * so the sign-in page would load the union of what both use of React Router, Mantine and our
 * libraries, in dozens of small chunks. Alone, it is tree-shaken to what the signed-out pages use.
 * The server sends sign-in.html for /login, /forgot and /accept-invitation.
 */
export default mergeConfig(
  base,
  defineConfig({
    build: {
      // The full app's build has just filled dist/; hashed names keep both sets of assets apart.
      emptyOutDir: false,
      rolldownOptions: {
        input: fileURLToPath(new URL('./sign-in.html', import.meta.url)),
        output: { entryFileNames: 'assets/sign-in-[hash].js' },
      },
    },
  }),
);
