/**
 * The real server (apps/server/src/main.ts) in a child process: for tests and benches that need
 * separate OS processes (nothing shared in memory), e.g. two processes on one PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  base: string;
  pid: number;
  /** SIGTERM (or the signal given), wait for exit, remove the data directory. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export async function startServerProcess(opts: {
  name: string;
  env?: Record<string, string>;
  args?: string[];
  readyTimeoutMs?: number;
}): Promise<ServerProcess> {
  const port = 18_000 + Math.floor(Math.random() * 4000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pc-${opts.name}-`));
  // mkdtemp makes 0700; the embedded cluster runs as the unprivileged postgres user when we are root.
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...(opts.args ?? [])], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
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
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`server process ${opts.name} did not become ready (exit code ${child.exitCode})`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { base, pid: child.pid!, stop };
}
