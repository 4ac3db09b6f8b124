/**
 * The real server with demo data (embedded PostgreSQL, a throw-away DATA_DIR) in a child process,
 * for the benches that load it over HTTP: the load generator and the server then do not share an
 * event loop. One copy of start, readiness, sign-in and clean-up for every such bench.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../apps/server/src/demo/demo-data';

export interface DemoServer {
  /** http://127.0.0.1:<port> */
  base: string;
  /** An ID token for a demo user (the multi-partner user unless named). */
  signIn(email?: string): Promise<string>;
  /** SIGTERM, wait for exit, remove the data directory. */
  stop(): Promise<void>;
}

export async function startDemoServer(opts: { name: string; env?: Record<string, string>; readyTimeoutMs?: number }): Promise<DemoServer> {
  const port = 18_000 + Math.floor(Math.random() * 2000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pc-bench-${opts.name}-`));
  // mkdtemp makes 0700; the embedded cluster runs as the unprivileged postgres user when we are root.
  chmodSync(dataDir, 0o755);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--demo'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'true', DATABASE_URL: '', ...opts.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the demo server did not become ready (exit code ${server.exitCode})`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  return {
    base,
    stop,
    async signIn(email = DEMO_EMAILS.multi) {
      const res = await fetch(`${base}/api/identity/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { idToken: string }).idToken;
    },
  };
}
