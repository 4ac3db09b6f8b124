/**
 * The servers of `npm run bench:load`: one embedded PostgreSQL, one ClickHouse, process A with the
 * demo data, the bench's user accounts seeded into it, and (for two processes) process B on the
 * same databases. Two processes need a shared fact store (the server refuses a second one on an
 * embedded DuckDB: fact-store-registration.ts), so both legs run on ClickHouse: the one at
 * --clickhouse-url when given, else chDB behind the test-only HTTP front in a child process
 * (bench/chdb-front.ts; `npm run chdb:install` first). That front runs one statement at a time and
 * shares the cores, so its CPU is measured and printed too; a real ClickHouse server has neither limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import pino from 'pino';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-data';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { hashPassword } from '../apps/server/src/identity/passwords';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process';
import type { BenchUser } from './load-mix';

/** The bench accounts' publishers: single-publisher users of each demo publisher, and multi-publisher ones. */
const SCOPES = ['1001', '1002', '1003', '1001,1003'] as const;

export const benchUser = (i: number): BenchUser => {
  const scope = SCOPES[i % SCOPES.length]!;
  return { email: `bench-user-${String(i + 1).padStart(4, '0')}@bench.example`, publisherId: scope.split(',')[0]! };
};

export interface LoadServers {
  servers: ServerProcess[];
  users: BenchUser[];
  password: string;
  /** Each publisher's first ads.txt domain (the ads.txt page opens one). */
  adsTxtDomainIds: Record<string, string>;
  /** The chDB front's process (null with --clickhouse-url): its CPU is part of what the bench costs. */
  clickhousePid: number | null;
  clickhouseLabel: string;
  stop(): Promise<void>;
}

/** chDB over HTTP in a child process (bench/chdb-front.ts), on a fresh database folder under `dir`. */
async function startChdbFront(dir: string, stopping: { value: boolean }): Promise<{ url: string; child: ChildProcess }> {
  const script = path.join(import.meta.dirname, 'chdb-front.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, path.join(dir, 'chdb')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = once(createInterface({ input: child.stdout! }), 'line').then(([l]) => l as string);
  const url = await Promise.race([line, once(child, 'exit').then(() => null)]);
  if (!url) throw new Error('the chDB front exited before it served: run `npm run chdb:install` first, or give --clickhouse-url');
  // A front that dies mid-run (chDB is native code) would otherwise show only as the servers' failing queries.
  child.once(
    'exit',
    (code, signal) =>
      !stopping.value && console.error(`the chDB front exited (code ${code}, signal ${signal}): the run's report figures are void`),
  );
  return { url, child };
}

export async function startLoadServers(opts: {
  processes: 1 | 2;
  users: number;
  ports: readonly number[];
  clickhouseUrl?: string;
}): Promise<LoadServers> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-bench-load-pg-'));
  chmodSync(dir, 0o755); // the embedded cluster runs as the unprivileged postgres user under root
  const database = await startEmbeddedPostgres(dir, pino({ level: 'warn' }));
  const stopping = { value: false };
  const front = opts.clickhouseUrl ? null : await startChdbFront(dir, stopping);
  const env = {
    DATABASE_URL: database.url,
    CLICKHOUSE_URL: opts.clickhouseUrl ?? front!.url,
    // One issuer for both processes, as behind a load balancer: a token from A is good at B.
    PUBLIC_URL: 'http://partners.bench',
    // Every simulated user comes from 127.0.0.1: the per-address sign-in limit would refuse them.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  const servers: ServerProcess[] = [];
  const stop = async () => {
    stopping.value = true;
    await Promise.all(servers.map((s) => s.stop()));
    if (front) {
      front.child.stdin!.end();
      if (front.child.exitCode === null) await once(front.child, 'exit');
    }
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < opts.processes; i++)
      servers.push(
        await startServerProcess({
          name: `bench-load-${'ab'[i]}`,
          args: ['--demo'],
          readyTimeoutMs: 400_000,
          env: { ...env, DEMO_DATA: 'true' },
          port: opts.ports[i]!,
        }),
      );
    // The demo's site-tag events are written in the background after start (main.ts); through the
    // one-statement-at-a-time chDB front they would stall the first minutes' reports.
    await Promise.all(servers.map((s) => startupWorkDone(s.base)));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const users = Array.from({ length: opts.users }, (_, i) => benchUser(i));
      await seedUsers(client, opts.users);
      const domains = await client.query<{ publisher_id: string; id: string }>(
        'SELECT DISTINCT ON (publisher_id) publisher_id, id FROM adstxt_domains ORDER BY publisher_id, id',
      );
      return {
        servers,
        users,
        password: DEMO_PASSWORD,
        adsTxtDomainIds: Object.fromEntries(domains.rows.map((r) => [r.publisher_id, r.id])),
        clickhousePid: front?.child.pid ?? null,
        clickhouseLabel: front
          ? 'chDB behind the test HTTP front (one statement at a time), in a child process'
          : 'ClickHouse at --clickhouse-url',
        stop,
      };
    } finally {
      await client.end();
    }
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The bench accounts, all with the demo password (hashed once: the seed need not pay scrypt 1,000 times). */
async function seedUsers(client: pg.Client, count: number): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const emails: string[] = [];
  const scopes: string[] = [];
  for (let i = 0; i < count; i++) {
    emails.push(benchUser(i).email);
    scopes.push(SCOPES[i % SCOPES.length]!);
  }
  await client.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, publisher_scope)
     SELECT e, $3, 'Bench', 'User', s FROM unnest($1::text[], $2::text[]) AS t(e, s)
     ON CONFLICT DO NOTHING`,
    [emails, scopes, hash],
  );
}

/** Waits (up to 10 minutes) until /healthz lists no startup work still running. */
async function startupWorkDone(base: string): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const health = (await (await fetch(`${base}/healthz`)).json()) as { startupWork?: string[] };
    if (!health.startupWork?.length) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${base} still runs its startup work after 10 minutes`);
}
