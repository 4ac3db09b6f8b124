/**
 * Usage analytics bench: `npm run bench:usage` (flags or env: --events=N / EVENTS, default
 * 5_000_000; --runs=N / RUNS, default 20; --database-url=URL / DATABASE_URL, else an embedded
 * PostgreSQL in a temporary directory). Target: a 30-day per-partner view in <= 200 ms (p95) over
 * 5 million /mp events.
 *
 * 1. Migrates a fresh database and writes EVENTS /mp events (90 days ending today, 50 partners,
 *    2,000 users of the four user types, 30 event names, 40 pages) in bulk INSERT ... SELECT
 *    statements, so the rollup trigger runs exactly as it does for the /mp route.
 * 2. Times the console's report (the API's service call): 30 days x one partner, then 30 days x all
 *    partners, and prints p50/p95 beside the target, with the machine's load average (shared machines
 *    make the figures noisy).
 */
import os, { loadavg } from 'node:os';
import pino from 'pino';
import { sql } from 'kysely';
import { usageRepo } from '../apps/server/src/modules/usage/usage.repo';
import { createUsageService } from '../apps/server/src/modules/usage/usage.service';
import { openBenchDatabase } from './bench-database';
import { flagValue } from './flags';
import { percentile } from './reports';

const arg = (name: string) => flagValue(process.argv, name);
const EVENTS = Number(arg('events') ?? process.env.EVENTS ?? 5_000_000);
const RUNS = Number(arg('runs') ?? process.env.RUNS ?? 20);
const DATABASE_URL = arg('database-url') ?? process.env.DATABASE_URL;
const TARGET_P95_MS = 200;
const DAYS = 90;
const PARTNERS = 50;
const USERS = 2000;
// Small enough that one chunk's INSERT (and its rollup trigger) stays well inside the statement
// timeout on a busy machine.
const CHUNK = 50_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: Math.round(percentile(ms, 50)), p95: Math.round(percentile(ms, 95)) };
}

async function main() {
  // The figures depend on what else runs: print the machine's load beside them.
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
  console.log(`load average at start: ${load()} (${os.cpus().length} cores)`);
  const log = pino({ level: 'warn' });
  // A database of its own; loading millions of events is not a request: no statement timeout.
  const database = await openBenchDatabase('usage', DATABASE_URL, log, { max: 10, statementTimeoutMs: 0 });
  const handle = database.handle;
  try {
    const db = handle.db;
    await sql`INSERT INTO users (id, email, password_hash, publisher_scope, admin_access)
      SELECT md5('bench-user-' || g)::uuid, 'bench-' || g || '@bench.example', 'x',
             CASE WHEN g % 20 = 0 THEN 'ALL' ELSE 'bp-' || (g % ${PARTNERS}) END, g % 40 = 0
      FROM generate_series(1, ${USERS}) g`.execute(db);
    const endMs = Date.parse(`${iso(Date.now())}T00:00:00Z`);
    const t0 = performance.now();
    for (let done = 0; done < EVENTS; done += CHUNK) {
      const n = Math.min(CHUNK, EVENTS - done);
      // User g belongs to partner g % 50; one user in 20 is staff, one in 40 an admin, one in 7 has several accounts.
      await sql`INSERT INTO tracking_events (user_id, event, client_timestamp, scope, properties, received_at)
        SELECT md5('bench-user-' || ug)::uuid,
               CASE WHEN i % 3 = 0 THEN 'Page View' ELSE 'Event ' || (i % 29) END,
               '01/01/2026, 00:00:00',
               CASE WHEN ug % 40 = 0 THEN '{"type":"internal","adminAccess":true,"mediaOwnerId":null,"mediaOwners":[]}'::jsonb
                    WHEN ug % 20 = 0 THEN '{"type":"internal","adminAccess":false,"mediaOwnerId":null,"mediaOwners":[]}'::jsonb
                    WHEN ug % 7 = 0 THEN '{"type":"other","adminAccess":false,"mediaOwnerId":null,"mediaOwners":[]}'::jsonb
                    ELSE jsonb_build_object('type', 'external_single', 'adminAccess', false, 'mediaOwnerId', 'bp-' || (ug % ${PARTNERS}), 'mediaOwners', '[]'::jsonb) END,
               jsonb_build_object('publisher_id', 'bp-' || (ug % ${PARTNERS}), 'page', '/page-' || (i % 40)),
               to_timestamp(${endMs / 1000} + 86400 - (i::bigint * 7919 % (${DAYS} * 86400)))
        FROM (SELECT ${done} + g AS i, 1 + (${done} + g) * 31 % ${USERS} AS ug FROM generate_series(1, ${n}) g) s`.execute(db);
      process.stdout.write(`  generated ${(done + n).toLocaleString('en-US')} events\n`);
    }
    console.log(
      `generated ${EVENTS.toLocaleString('en-US')} /mp events in ${Math.round((performance.now() - t0) / 1000)} s (rollups kept by the trigger)`,
    );
    const [rollups] = (
      await sql<{ n: number }>`SELECT (SELECT count(*) FROM usage_daily_events) + (SELECT count(*) FROM usage_daily_users)
      + (SELECT count(*) FROM usage_daily_pages) AS n`.execute(db)
    ).rows;
    console.log(`rollup rows: ${Number(rollups?.n).toLocaleString('en-US')}`);
    // What autovacuum does in steady state: statistics, and the visibility map index-only scans use.
    await sql`VACUUM ANALYZE`.execute(db);

    console.log(`load average before timing: ${load()}`);
    const usage = createUsageService(usageRepo(db));
    const range = { from: iso(endMs - 29 * 86_400_000), to: iso(endMs) };
    const one = { ...range, publisherId: 'bp-7' };
    const sample = await usage.report(one);
    console.log(
      `30 days x partner bp-7: ${sample.totals.events.toLocaleString('en-US')} events, ${sample.totals.activeUsers} active users`,
    );
    const a = await time(() => usage.report(one));
    console.log(`usage view, 30 days x one partner:  p50 ${a.p50} ms, p95 ${a.p95} ms (${RUNS} runs)`);
    const b = await time(() => usage.report(range));
    console.log(`usage view, 30 days x all partners: p50 ${b.p50} ms, p95 ${b.p95} ms (${RUNS} runs)`);
    // Where the all-partners time goes: each rollup query alone, median of RUNS.
    const repo = usageRepo(db);
    for (const [label, fn] of [
      ['dailyEvents', () => repo.dailyEvents(range)],
      ['userCounts', () => repo.userCounts(range)],
      ['eventsByUserType', () => repo.eventsByUserType(range)],
      ['eventsByName', () => repo.eventsByName(range)],
      ['pagesByViews', () => repo.pagesByViews(range)],
      ['pageViews', () => repo.pageViews(range)],
      ['partners', () => repo.partners(range)],
    ] as const) {
      const q = await time(fn);
      console.log(`  all partners, ${label}: p50 ${q.p50} ms, p95 ${q.p95} ms`);
    }
    console.log(`load average after timing: ${load()}`);
    const verdict = (p95: number) => (p95 <= TARGET_P95_MS ? 'met' : 'NOT met');
    console.log(
      `target: 30-day view p95 <= ${TARGET_P95_MS} ms over 5 million events -> one partner ${verdict(a.p95)}, all partners ${verdict(b.p95)} at ${EVENTS.toLocaleString('en-US')} events`,
    );
  } finally {
    await database.close();
  }
}

void main();
