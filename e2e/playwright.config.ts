import { defineConfig } from '@playwright/test';
import { chromiumPath } from './support/chromium-path';

// Each Playwright worker starts its own real server (embedded PostgreSQL with demo data, built web
// app) on E2E_PORT + its index with a throw-away data directory: one database per worker
// (support/app-server.ts, the `appServer` fixture in support/test.ts). Debian's Chromium when
// installed, else the one the @sparticuz/chromium package ships in the npm registry (never a
// browser download: support/chromium-path.ts).
const PORT = Number(process.env.E2E_PORT ?? 8181);
// Two workers in CI (docs/operations.md: "Tests"); one by default on a shared developer machine.
const WORKERS = Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1));

export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Per port, so concurrent local runs do not wipe each other's artifacts.
  outputDir: `../test-results/e2e-${PORT}`,
  use: {
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
