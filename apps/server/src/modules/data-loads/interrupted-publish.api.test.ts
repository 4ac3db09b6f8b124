import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHDB_DIR, chdbExec, loadChdb } from '../../../test/reports/chdb-test-exec';
import { clickHouseSubject } from '../../../test/reports/ingest-replace-suite';
import { createTestDatabase } from '../../../test/test-app';
import { CACHE_CHANNEL } from '../../db/change-notifications';
import { openDatabase, type DatabaseHandle } from '../../db/pool';
import type { ClickHouseReportEngine } from '../../report-engine/clickhouse-engine';
import type { ReportEngine, ReportQuery } from '../../report-engine/report-engine';
import { ingestSource } from '../reports';
import { INGEST_LOCK } from './ingest-lock';
import { finishInterruptedPublishes, scheduleInterruptedPublishRepair } from './interrupted-publish';

/*
 * A ClickHouse publish that died part-way is finished by the repair every server runs (under the
 * ingest lock, skipped while another session holds it), not only at the next ingestion; the
 * publishers it changed are told to every process's report cache.
 */
const chdb = loadChdb();
if (!chdb && process.env.CI)
  throw new Error(`CI must run the ClickHouse ingestion tests: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);

const log = pino({ level: 'silent' });
let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;
let listener: pg.Client;
let notified: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase(database.url, log, 3);
  listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  listener.on('notification', (n) => {
    if (n.channel === CACHE_CHANNEL && n.payload) notified.push(n.payload);
  });
  await listener.query(`LISTEN ${CACHE_CHANNEL}`);
}, 60_000);
afterAll(async () => {
  await listener?.end();
  await handle?.close();
  await database?.drop();
});
afterEach(() => {
  notified = [];
});

/** Another session (another process's ingestion) holding the ingest lock while `fn` runs. */
async function whileLockedElsewhere<T>(fn: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
  try {
    await holder.query('select pg_advisory_lock($1::int, $2::int)', [INGEST_LOCK.classId, INGEST_LOCK.objectId]);
    return await fn();
  } finally {
    await holder.end();
  }
}

const until = async (done: () => boolean) => {
  for (let n = 0; n < 200 && !done(); n += 1) await new Promise((r) => setTimeout(r, 25));
};

/** An engine with a publish to finish: it asks for the lock, then runs `finish` under it. */
const lockingEngine = (finish: () => Promise<{ publisherIds: string[] }>) =>
  ({
    finishInterruptedIngests: (underLock: (f: typeof finish) => Promise<{ publisherIds: string[] }>) => underLock(finish),
  }) as unknown as ReportEngine;

describe('the schedule of the repair', () => {
  it('runs the engine repair under the ingest lock and tells the report caches which publishers changed', async () => {
    const finish = vi.fn(async () => ({ publisherIds: ['1001', '1002'] }));
    const engine = lockingEngine(finish);
    const task = scheduleInterruptedPublishRepair(handle.db, engine, log, { firstAfterMs: 0, everyMs: 60_000 });
    try {
      await until(() => notified.length >= 2);
    } finally {
      await task.stop();
    }
    expect(finish).toHaveBeenCalledTimes(1);
    expect(notified.sort()).toEqual(['reports:1001', 'reports:1002']);
  });

  it('does not run it while another session holds the ingest lock, nor notify', async () => {
    const finish = vi.fn(async () => ({ publisherIds: ['1001'] }));
    const engine = lockingEngine(finish);
    expect(await whileLockedElsewhere(() => finishInterruptedPublishes(handle.db, engine))).toBeNull();
    expect(finish).not.toHaveBeenCalled();
    // And the lock is free again for it afterwards.
    expect(await finishInterruptedPublishes(handle.db, engine)).toEqual({ publisherIds: ['1001'] });
    await until(() => notified.length >= 1);
    expect(notified).toEqual(['reports:1001']);
  });

  it('has nothing to do on an engine whose commit is one transaction', async () => {
    expect(await finishInterruptedPublishes(handle.db, {} as ReportEngine)).toEqual({ publisherIds: [] });
  });
});

const HEADER = 'kind,date,publisher_id,site_id,product_type,size,brand,deal_name,deal_id,imp_requests,impressions,revenue,net_revenue';
const DAYS = ['2024-04-29', '2024-04-30', '2024-05-01'];

/** Two publishers x DAYS x 2 sites, requests and 2 sales rows each; `scale` changes every figure. */
function factsCsv(scale: number): string {
  const lines = [HEADER];
  for (const pub of ['R1', 'R2'])
    for (const day of DAYS)
      for (const site of ['a', 'b']) {
        lines.push(`requests,${day},${pub},${site},Display,,,,,${1000 * scale},,,`);
        for (const [n, brand] of ['Acme', 'Globex'].entries())
          lines.push(`sales,${day},${pub},${site},Display,300x250,${brand},,,,${(n + 1) * 100 * scale},${(n + 1) * scale},${scale / 2}`);
      }
  return lines.join('\n');
}

/** Per publisher and day, as ingest-replace-suite.ts reads them: totals at the facts' grain and through a rollup. */
async function snapshot(engine: ReportEngine) {
  const out: Record<string, unknown> = {};
  const base: Omit<ReportQuery, 'publisherId' | 'dateFrom' | 'dateTo'> = {
    reportType: 'revenue',
    dimensions: [],
    metrics: ['impRequests', 'impressions', 'revenue', 'netRevenue'],
    interval: 'Cumulative',
  };
  for (const publisherId of ['R1', 'R2'])
    for (const day of DAYS) {
      const q = { ...base, publisherId, dateFrom: day, dateTo: day };
      const facts = await engine.query(q);
      const rollup = await engine.query({ ...q, interval: 'Day', dimensions: ['size', 'brand'], metrics: ['impressions', 'revenue'] });
      out[`${publisherId} ${day}`] = { totals: facts.totals, rollup: rollup.totals, rows: rollup.totalRows };
    }
  return out;
}

/** The fact tables' own sums: a half-published day shows here (a Cumulative report reads a rollup, refreshed last). */
async function stored(engine: ClickHouseReportEngine) {
  const [requests] = await engine.runSql('SELECT toFloat64(sum(imp_requests)) AS n FROM revenue_requests');
  const [sales] = await engine.runSql('SELECT toFloat64(sum(impressions)) AS n FROM revenue_sales');
  return { requests: Number(requests?.n), sales: Number(sales?.n) };
}

describe.skipIf(!chdb)('a ClickHouse publish that died part-way (chDB in-process)', () => {
  let engine: ClickHouseReportEngine;
  let failPublish: (on: boolean) => void;
  beforeAll(async () => {
    const exec = chdbExec(chdb!);
    ({ engine, failPublish } = clickHouseSubject(exec, () => exec.close()));
    await engine.init();
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('is left half done while another session holds the lock, then finished by the repair: exactly the new days', async () => {
    await ingestSource(engine, 'revenue', factsCsv(5), 'csv');
    const next = await snapshot(engine);
    expect(await stored(engine)).toEqual({ requests: 5 * 12_000, sales: 5 * 3_600 });
    await ingestSource(engine, 'revenue', factsCsv(1), 'csv');
    const old = await snapshot(engine);
    expect(old).not.toEqual(next);
    // The publish replaces revenue_requests, then dies before revenue_sales: the new requests, no sales.
    failPublish(true);
    await expect(ingestSource(engine, 'revenue', factsCsv(5), 'csv')).rejects.toThrow('ClickHouse went away');
    failPublish(false);
    expect(await stored(engine)).toEqual({ requests: 5 * 12_000, sales: 0 });
    const half = await snapshot(engine);

    // An ingestion running elsewhere holds the lock (it finishes the publish itself): nothing is done.
    expect(await whileLockedElsewhere(() => finishInterruptedPublishes(handle.db, engine))).toBeNull();
    expect(await snapshot(engine)).toEqual(half);
    expect(await stored(engine)).toEqual({ requests: 5 * 12_000, sales: 0 });
    expect(notified).toEqual([]);

    // The lock free: the staged file is published again, and both publishers' caches are told.
    expect(await finishInterruptedPublishes(handle.db, engine)).toEqual({ publisherIds: ['R1', 'R2'] });
    expect(await snapshot(engine)).toEqual(next);
    expect(await stored(engine)).toEqual({ requests: 5 * 12_000, sales: 5 * 3_600 });
    await until(() => notified.length >= 2);
    expect(notified.sort()).toEqual(['reports:R1', 'reports:R2']);

    // Done once: a second run finds nothing left to publish, and so needs no lock (an upload may hold it).
    expect(await finishInterruptedPublishes(handle.db, engine)).toEqual({ publisherIds: [] });
    expect(await whileLockedElsewhere(() => finishInterruptedPublishes(handle.db, engine))).toEqual({ publisherIds: [] });
    expect(await snapshot(engine)).toEqual(next);
  }, 180_000);
});
