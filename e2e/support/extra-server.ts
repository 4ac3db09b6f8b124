import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ExtraServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * A second demo server with its own settings (e.g. third-party ids), for the few journeys whose
 * configuration must differ from the shared server's. Port: E2E_PORT + 200 (E2E_PORT + 100 is where a developer runs their own server).
 */
export async function startExtraServer(env: Record<string, string>): Promise<ExtraServer> {
  const port = Number(process.env.E2E_PORT ?? 8181) + 200;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-e2e-extra-'));
  // The embedded PostgreSQL runs as its own user, which must reach the directory (mkdtemp makes it 0700).
  chmodSync(dataDir, 0o755);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--demo'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the extra server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseURL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the extra server did not start within 240 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
