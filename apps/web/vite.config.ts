/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const phoneShim = fileURLToPath(new URL('./src/lib/phone/phone-validation.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Phone metadata loads lazily with the pages that validate phones (see the shim's comment).
    alias: [{ find: /^libphonenumber-js$/, replacement: phoneShim }],
  },
  server: {
    port: 5173,
    // In development the API runs on its own port (npm run dev:server).
    proxy: { '/api': 'http://localhost:8080', '/.well-known': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // A name that says which entry a page loaded (the sign-in entry's is sign-in-*.js).
        entryFileNames: 'assets/app-[hash].js',
        codeSplitting: {
          // zod's jitless switch runs in a chunk of its own, which the entry imports first: ES
          // modules run their imports before their own body, and the entry imports chunks that
          // build zod schemas at load (lib/zod-csp.ts).
          groups: [{ name: 'zod-csp', test: /src[\\/]lib[\\/]zod-csp\.ts$/ }],
        },
      },
      treeshake: {
        // The contracts are pure declarations imported through one barrel: let unused modules
        // (schemas of other pages) drop out of the sign-in bundle.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    // Form tests render whole pages in jsdom; on a shared, loaded CI machine they take seconds.
    // The default 5 s turned load into failures; a hang still fails, after 15 s.
    testTimeout: 15_000,
  },
});
