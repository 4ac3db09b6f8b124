import { defineConfig } from 'vitest/config';

// One runner for every workspace: server/contract tests in node against a real PostgreSQL,
// web tests in jsdom (each project gets the right environment).
export default defineConfig({
  test: {
    // Line and branch coverage of the product code, printed by `npm test`; the floor is the figure
    // measured when it was set (docs/architecture.md, "Coverage"): raise it as coverage rises.
    coverage: {
      provider: 'v8',
      include: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.fixture.ts', '**/main.tsx'],
      reporter: ['text-summary'],
      thresholds: { lines: 69, branches: 57 },
    },
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Files run in parallel forks, each on its own cloned database. A fork keeps its modules
          // between files (isolate: false): every file builds its own app, database and clients, and
          // no server module keeps state between apps, so re-importing the whole server graph per
          // file (about 2 s each, two thirds of the run) bought nothing (docs/operations.md, "Tests
          // in CI").
          pool: 'forks',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
