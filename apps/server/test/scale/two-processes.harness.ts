/**
 * The two server processes of the scale-out test (two-processes.api.test.ts), kept
 * apart from its cases so each file stays small while the processes start once for all of them.
 */
// Two server processes on one PostgreSQL and one ClickHouse: separate OS
// processes, so nothing can pass through a module's memory. What one process does, the other sees
// through the databases. ClickHouse is ClickHouse 26 (chDB) behind the test-only HTTP front, run
// here and shared by both servers through CLICKHOUSE_URL as a ClickHouse server would be. Without
// chDB (a local run that skipped `npm run chdb:install`) there is no shared fact store, and a second
// server on the same PostgreSQL refuses to start with an embedded one of its own
// (fact-store-registration.ts), so the file is skipped as the other ClickHouse suites are; in CI
// chDB is required.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO, createTestDatabase } from '../test-app';
import { startServerProcess, type ServerProcess } from '../server-process';
import { startLocalTestServer, type LocalTestServer } from '../local-test-server';
import { startChdbHttpFront, type ChdbHttpFront } from '../reports/chdb-http-front';
import { CHDB_DIR, loadChdb } from '../reports/chdb-test-exec';

export const chdb = loadChdb();
if (!chdb && process.env.CI)
  throw new Error(`CI must run the two-process test on ClickHouse: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);

export const RATE_LIMIT = 25;

export interface TwoProcesses {
  a: ServerProcess;
  b: ServerProcess;
  /** The environment both processes run with (DATABASE_URL, CLICKHOUSE_URL, ...). */
  env: Record<string, string>;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  /** A loopback HTTP server for the monitors' checks. */
  target: LocalTestServer;
  /** One exports directory for both, as a shared volume would be in production. */
  exportsDir: string;
}

/** Starts PostgreSQL, ClickHouse (chDB over HTTP, when installed) and the two processes before the file's tests. */
export function useTwoProcesses(): TwoProcesses {
  // No processes to start: the file's tests are skipped without chDB.
  if (!chdb) return {} as TwoProcesses;
  const procs = { exportsDir: mkdtempSync(path.join(os.tmpdir(), 'pc-two-exports-')) } as TwoProcesses;
  let clickhouse: ChdbHttpFront | undefined;
  beforeAll(async () => {
    procs.database = await createTestDatabase();
    procs.target = await startLocalTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('all good');
    });
    clickhouse = await startChdbHttpFront(chdb);
    procs.env = {
      DATABASE_URL: procs.database.url,
      CLICKHOUSE_URL: clickhouse.url,
      // The tokens' issuer: one public address for every process, as behind a load balancer.
      PUBLIC_URL: 'http://partners.test',
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      UPTIME_MIN_INTERVAL_SECONDS: '30',
      // Small enough to reach in a test; the whole file signs in far fewer times than this.
      AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      EXPORTS_DIR: procs.exportsDir,
      // A dead process's export comes back after 3 s; each run pauses 2 s with its partial file open.
      REPORT_EXPORT_LEASE_SECONDS: '3',
      REPORT_EXPORT_TEST_PAUSE_MS: '2000',
    };
    // One after the other: start-up applies migrations (already current in the template database).
    procs.a = await startServerProcess({ name: 'proc-a', env: procs.env });
    procs.b = await startServerProcess({ name: 'proc-b', env: procs.env });
  }, 240_000);

  afterAll(async () => {
    await Promise.all([procs.a?.stop(), procs.b?.stop()]);
    await procs.target?.close();
    await clickhouse?.close();
    await procs.database?.drop();
    rmSync(procs.exportsDir, { recursive: true, force: true });
  }, 60_000);
  return procs;
}

export async function signIn(base: string, email: string, password: string = DEMO.password) {
  const res = await fetch(`${base}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { idToken: string }).idToken;
}

export const get = (base: string, path: string, token: string, publisher?: string) =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, ...(publisher ? { 'publisher-scope': publisher } : {}) } });
