import { defineConfig } from 'vitest/config';

// One runner for every workspace: server/contract tests in node against a real PostgreSQL,
// web tests in jsdom (each project gets the right environment).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Files run in parallel forks, each on its own cloned database.
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
