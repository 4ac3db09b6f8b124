import { defineConfig } from 'vitest/config';

const WORKERS = 2;

/**
 * Tests that time the server's event loop (a p99 or slowest-turn bound in milliseconds): they run
 * after every other file, one at a time, so no other test file shares the cores while they measure.
 */
const TIMED_SERVER_TESTS = [
  'apps/server/src/**/*.event-loop.api.test.ts',
  'apps/server/src/modules/adstxt/adstxt-hosted.api.test.ts',
  'apps/server/src/main.lifecycle.api.test.ts',
];

/**
 * The server-side project (API tests against a real PostgreSQL). Files run in parallel forks, each
 * on its own database cloned from the project's template (test/global-setup.ts). A fork keeps its
 * modules between files (isolate: false): every file builds its own app, database and clients, and
 * no server module keeps state between apps, so re-importing the whole server graph per file (about
 * 2 s each, two thirds of the run) bought nothing (docs/operations.md, "Tests in CI").
 */
const serverProject = (name: string, include: string[], extra: { exclude?: string[]; maxWorkers: number; groupOrder: number }) => ({
  test: {
    name,
    include,
    exclude: ['**/node_modules/**', ...(extra.exclude ?? [])],
    environment: 'node' as const,
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks' as const,
    isolate: false,
    maxWorkers: extra.maxWorkers,
    sequence: { groupOrder: extra.groupOrder },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

// One runner for every workspace: server/contract tests in node against a real PostgreSQL,
// web tests in jsdom (each project gets the right environment).
export default defineConfig({
  test: {
    // Two workers even on two cores (Vitest's default there is one): an API test spends much of its
    // time waiting for PostgreSQL, which works meanwhile while the other worker runs. Projects of one
    // group share this figure (Vitest requires it); the timed tests' group has its own.
    maxWorkers: WORKERS,
    // Line and branch coverage of the product code, printed by `npm test`; the floor is the figure
    // measured when it was set (docs/architecture.md, "Coverage"): raise it as coverage rises.
    coverage: {
      provider: 'v8',
      include: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.fixture.ts', '**/main.tsx'],
      reporter: ['text-summary'],
      thresholds: { lines: 78.1, branches: 68.1 },
    },
    projects: [
      serverProject(
        'server',
        ['apps/server/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
        { exclude: TIMED_SERVER_TESTS, maxWorkers: WORKERS, groupOrder: 0 },
      ),
      serverProject('server-timed', TIMED_SERVER_TESTS, { maxWorkers: 1, groupOrder: 1 }),
      'apps/web/vite.config.ts',
    ],
  },
});
