import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The port the journeys' servers count from: worker N's server listens on E2E_PORT + N. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * What every journey server runs with: warnings only, a sign-in limit no journey reaches, the
 * console's address the admin journeys expect, the embedded PostgreSQL (never a DATABASE_URL from
 * the shell), and plain http to loopback for the receivers the webhooks and uptime journeys start.
 */
export const JOURNEY_SERVER_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_MINUTE: '200',
  CONSOLE_URL: 'https://console.partners-center.example/',
  DATABASE_URL: '',
  OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
  // The revenue scan judges yesterday of facts generated for the day the run happens (a month's
  // first day is a real step in them): journeys count the demo's incidents, so no date may add one.
  // The scan is tested through the API (reports/anomalies/revenue-scan.api.test.ts).
  REVENUE_SCAN: 'false',
};

/**
 * Ready, and done with the work it starts in the background (the demo's site-tag events, which
 * hold DuckDB's one writer for a while: a journey adding a site meanwhile would wait for them).
 */
async function fullyStarted(baseURL: string): Promise<boolean> {
  try {
    if (!(await fetch(`${baseURL}/readyz`)).ok) return false;
    const health = (await (await fetch(`${baseURL}/healthz`)).json()) as { startupWork?: string[] };
    return (health.startupWork ?? []).length === 0;
  } catch {
    return false;
  }
}

export interface AppServer {
  baseURL: string;
  /** The server's DATA_DIR (its delivered mails are under outbox/: support/api.ts). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The real server (`main.ts --demo`: embedded PostgreSQL with demo data, the built web app) on
 * `port` with a throw-away data directory of its own, so each server is one database. Resolves
 * once `/readyz` answers and `/healthz` lists no start-up work; `stop()` sends SIGTERM, on which the server stops its PostgreSQL too
 * (it runs in its own process group: docs/operations.md), then removes the data directory.
 */
export async function startAppServer(port: number, env: Record<string, string>): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-e2e-'));
  // The embedded PostgreSQL runs as its own user, which must reach the directory (mkdtemp makes it 0700).
  chmodSync(dataDir, 0o755);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--demo'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server on port ${port} exited with ${child.exitCode} before it was ready`);
    }
    if (await fullyStarted(baseURL)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server on port ${port} was not ready within 240 s`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { baseURL, dataDir, stop };
}
