/**
 * The real server with demo data (embedded PostgreSQL, a throw-away DATA_DIR) in a child process,
 * for the benches that load it over HTTP: the load generator and the server then do not share an
 * event loop. Start and clean-up are the tests' (apps/server/test/server-process.ts).
 */
import { DEMO_EMAILS, DEMO_PASSWORD } from '../apps/server/src/demo/demo-data';
import { startServerProcess } from '../apps/server/test/server-process';

export interface DemoServer {
  /** http://127.0.0.1:<port> */
  base: string;
  /** An ID token for a demo user (the multi-partner user unless named). */
  signIn(email?: string): Promise<string>;
  /** The server's DATA_DIR (its DuckDB files are there). */
  dataDir: string;
  /** SIGTERM, wait for exit, remove the data directory (unless started with keepData: then the caller removes it). */
  stop(): Promise<void>;
}

export async function startDemoServer(opts: {
  name: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  readyTimeoutMs?: number;
  keepData?: boolean;
}): Promise<DemoServer> {
  const server = await startServerProcess({
    name: `bench-${opts.name}`,
    args: ['--demo'],
    nodeArgs: opts.nodeArgs,
    env: { DEMO_DATA: 'true', DATABASE_URL: '', ...opts.env },
    readyTimeoutMs: opts.readyTimeoutMs,
    ...(opts.keepData ? { keepData: true } : {}),
  });
  return {
    base: server.base,
    dataDir: server.dataDir,
    stop: () => server.stop(),
    async signIn(email = DEMO_EMAILS.multi) {
      const res = await fetch(`${server.base}/api/identity/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { idToken: string }).idToken;
    },
  };
}
