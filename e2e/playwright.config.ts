import { defineConfig } from '@playwright/test';
import { chromiumPath } from './support/chromium-path';

// The real server (embedded PostgreSQL with demo data, built web app) on its own port and a
// throw-away data directory; Debian's Chromium when installed, else the one the @sparticuz/chromium
// package ships in the npm registry (never a browser download: support/chromium-path.ts).
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${Date.now()}`;

export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Per port, so concurrent local runs do not wipe each other's artifacts.
  outputDir: `../test-results/e2e-${PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: {
    command: `node --import tsx apps/server/src/main.ts --demo`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The server's embedded PostgreSQL runs in its own process group (docs/operations.md), so a
    // kill of the server's group would leave it running: ask the server to stop, it stops PostgreSQL.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    env: {
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '200',
      CONSOLE_URL: 'https://console.partners-center.example/',
      DATABASE_URL: '',
      // Lets the webhooks journey deliver to a receiver the test starts on loopback (plain http allowed only for these hosts).
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    },
  },
});
