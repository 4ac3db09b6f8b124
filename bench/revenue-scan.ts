/**
 * `npm run bench:scan`: the daily revenue anomaly scan over a provider's publishers. Generates, inside
 * DuckDB, 400 days of revenue for --publishers (default 1,000) x 20 sites x 3 product types (24 M
 * rows), with a weekly shape and day-to-day noise; one publisher in 20 has its first site fall to 40 %
 * on the last day. Then runs the product's scan (reports/anomalies/revenue-scan.ts: one engine read
 * per batch of publishers, judgement of every series, revenue incidents and scan progress in
 * PostgreSQL) over every publisher in the worker's batches (SCAN_BATCH publishers a job,
 * SCAN_CONCURRENCY jobs at a time), and prints the total time beside the 60 s target with the
 * incidents raised.
 *
 *   npm run bench:scan [-- --publishers 1000] [--database-url postgres://...]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { shiftDays, todayIn } from '@pc/contracts';
import { createJobQueue } from '../apps/server/src/lib/jobs/job-queue';
import { createIncidentsService } from '../apps/server/src/modules/incidents/incidents.service';
import { scanRevenue } from '../apps/server/src/modules/reports/anomalies/revenue-scan';
import { SCAN_BATCH, SCAN_CONCURRENCY } from '../apps/server/src/modules/reports/anomalies/revenue-scan.job';
import { DuckDbReportEngine } from '../apps/server/src/report-engine/duckdb-engine';
import { refreshDerived } from '../apps/server/src/report-engine/derived-tables';
import { openBenchDatabase } from './bench-database';
import { flagValue } from './flags';

const TARGET_SECONDS = 60;
const SITES = 20;
const PRODUCT_TYPES = 3;
const DAYS = 400;
/** Every DROP_EVERY-th publisher loses 60 % on its first site on the last day. */
const DROP_EVERY = 20;

const args = process.argv.slice(2);
const publishers = Number(flagValue(args, 'publishers') ?? 1000);
const log = pino({ level: 'warn' });
const ids = Array.from({ length: publishers }, (_, p) => `scan-${String(p).padStart(4, '0')}`);

/** Publishers generated per write: the derived tables are refreshed for their days in the same transaction, as a load does. */
const GENERATE_CHUNK = 100;

async function generateFacts(engine: DuckDbReportEngine, lastDay: string): Promise<number> {
  for (let first = 0; first < publishers; first += GENERATE_CHUNK)
    await generateChunk(engine, lastDay, first, Math.min(publishers, first + GENERATE_CHUNK));
  await engine.write(async (conn) => {
    await conn.run(`INSERT OR REPLACE INTO sites SELECT DISTINCT site_id, publisher_id, site_id FROM revenue_sales`);
  });
  return publishers * SITES * PRODUCT_TYPES * DAYS;
}

/** Publishers `first` up to `end` (exclusive): their 400 days of sales, then their derived tables. */
async function generateChunk(engine: DuckDbReportEngine, lastDay: string, first: number, end: number): Promise<void> {
  const perPublisher = SITES * PRODUCT_TYPES * DAYS;
  await engine.write(async (conn) => {
    await conn.run(
      `INSERT INTO revenue_sales (date, publisher_id, site_id, product_type, size, brand, deal_name, deal_id, impressions, revenue, net_revenue)
       SELECT date, 'scan-' || lpad(CAST(p AS VARCHAR), 4, '0'), 'scan-' || lpad(CAST(p AS VARCHAR), 4, '0') || '-s' || CAST(s AS VARCHAR),
              ['Display', 'Native', 'Video'][t + 1], ['300x250', 'Native', '640x360'][t + 1], 'Acme', '', '',
              CAST(rev * 500 AS BIGINT), round(rev, 2), round(rev * 0.7, 2)
       FROM (
         SELECT p, s, t, date,
                (20 + hash(p, s, t) % 2000) * [0.8, 1.0, 1.04, 1.06, 1.02, 0.95, 0.78][dayofweek(date) + 1]
                  * exp(0.08 * (((hash(p, s, t, day) % 1000) / 1000.0 + (hash(day, t, s, p) % 1000) / 1000.0 - 1) * 2.45))
                  * CASE WHEN p % ${DROP_EVERY} = 0 AND s = 0 AND day = ${DAYS - 1} THEN 0.4 ELSE 1 END AS rev
         FROM (
           SELECT ${first} + i // ${perPublisher} AS p, (i % ${perPublisher}) // ${SITES * PRODUCT_TYPES} AS day,
                  (i % ${SITES * PRODUCT_TYPES}) // ${PRODUCT_TYPES} AS s, i % ${PRODUCT_TYPES} AS t,
                  CAST($from AS DATE) + CAST((i % ${perPublisher}) // ${SITES * PRODUCT_TYPES} AS INTEGER) AS date
           FROM range(CAST(${(end - first) * perPublisher} AS BIGINT)) r(i)))`,
      { from: shiftDays(lastDay, -(DAYS - 1)) },
    );
    await conn.run(
      `CREATE OR REPLACE TEMP TABLE scan_days AS SELECT DISTINCT publisher_id, date FROM revenue_sales
       WHERE publisher_id >= 'scan-' || lpad('${first}', 4, '0') AND publisher_id < 'scan-' || lpad('${end}', 4, '0')`,
    );
    await refreshDerived(conn, 'scan_days');
    await conn.run('DROP TABLE scan_days');
  });
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-bench-scan-'));
  const engine = new DuckDbReportEngine(path.join(dir, 'facts.duckdb'));
  await engine.init();
  const database = await openBenchDatabase('scan', flagValue(args, 'database-url') ?? process.env.DATABASE_URL, log, { max: 4 });
  const db = database.handle.db;
  try {
    const lastDay = shiftDays(todayIn('UTC', new Date()), -1);
    let started = Date.now();
    const rows = await generateFacts(engine, lastDay);
    await sql`INSERT INTO publishers (id, name) SELECT unnest(${ids}::text[]), unnest(${ids}::text[])`.execute(db);
    await sql`INSERT INTO sites (id, publisher_id, name, domain)
              SELECT p || '-s' || s, p, p || '-s' || s, p || '-s' || s || '.example' FROM unnest(${ids}::text[]) p, generate_series(0, ${SITES - 1}) s`.execute(
      db,
    );
    console.log(
      `generated ${rows.toLocaleString('en-US')} fact rows (${publishers} publishers x ${SITES} sites x ${PRODUCT_TYPES} product types x ${DAYS} days) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const incidents = createIncidentsService({ db, jobs: createJobQueue(db, log) });
    let readMs = 0;
    const timedEngine = {
      query: (q: Parameters<DuckDbReportEngine['query']>[0]) => engine.query(q),
      dailyRevenueSeries: async (...a: Parameters<DuckDbReportEngine['dailyRevenueSeries']>) => {
        const t0 = performance.now();
        const result = await engine.dailyRevenueSeries(...a);
        readMs += performance.now() - t0;
        return result;
      },
    };
    const deps = { db, engine: timedEngine, incidents };
    const times: number[] = [];
    let raised = 0;
    let series = 0;
    started = Date.now();
    // As the worker runs them: jobs of SCAN_BATCH publishers, SCAN_CONCURRENCY jobs at a time.
    const batches = Array.from({ length: Math.ceil(ids.length / SCAN_BATCH) }, (_, b) => ids.slice(b * SCAN_BATCH, (b + 1) * SCAN_BATCH));
    const lane = async () => {
      for (let batch = batches.shift(); batch !== undefined; batch = batches.shift()) {
        const t0 = performance.now();
        const outcomes = await scanRevenue(deps, batch);
        times.push(performance.now() - t0);
        for (const outcome of outcomes) {
          raised += outcome.raised.length;
          series += outcome.series;
        }
      }
    };
    await Promise.all(Array.from({ length: SCAN_CONCURRENCY }, lane));
    const seconds = (Date.now() - started) / 1000;
    console.log(`engine reads (batches' facts): ${(readMs / 1000).toFixed(1)} s of ${seconds.toFixed(1)} s`);
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    const expected = Math.ceil(publishers / DROP_EVERY);
    console.log(
      `\nDaily revenue scan (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    console.log(
      [
        'publishers',
        'series judged',
        'total s',
        'target s',
        `per batch of ${SCAN_BATCH} p50 ms`,
        'p95 ms',
        'incidents (injected drops)',
        'verdict',
      ].join(' | '),
    );
    console.log(
      [
        String(publishers).padStart(10),
        String(series).padStart(13),
        seconds.toFixed(1).padStart(7),
        String(TARGET_SECONDS).padStart(8),
        at(0.5).toFixed(1).padStart(23),
        at(0.95).toFixed(1).padStart(6),
        `${raised} (${expected})`.padStart(26),
        seconds <= TARGET_SECONDS ? 'OK' : 'MISSED',
      ].join(' | '),
    );
  } finally {
    await engine.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
