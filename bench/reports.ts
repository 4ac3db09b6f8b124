/**
 * Reports bench: `npm run bench:reports [-- --rows N --runs N --engine clickhouse]` (--rows or env
 * ROWS, default 10_000_000; --runs or RUNS, default 40; REGEN=1 rebuilds data; BENCH_DATA_DIR, default
 * bench/.data, holds the generated data). `--publishers N` runs the provider-scale bench instead:
 * N publishers of skewed sizes, three of them measured on both engines (bench/reports-provider.ts).
 *
 * 1. Generates ROWS revenue sales rows (13 months, 10 publishers, the biggest 22%) plus request
 *    rows into a DuckDB file under bench/.data/ (reused on later runs with the same ROWS).
 * 2. For the biggest publisher runs every interval x a set of dimension classes through
 *    ReportEngine.query as a report cache miss reads it (onCacheMiss) and the same aggregate as
 *    bare DuckDB SQL; prints p50/p95 and the ratio.
 *    Then "what changed" over a year by day (bench/revenue-change.ts) beside the slowest class.
 * 3. Exports 1M rows to CSV with the streaming writer; prints time and peak RSS growth
 *    (`--export-rows N` for fewer; it encodes in the worker pool like the export job, `--encoder
 *    thread` in the bench's own thread;
 *    `--only export` skips the query classes and the API leg; `--codes off` reads the export's text
 *    columns as text instead of dictionary codes, for A/B runs).
 *
 * With `--engine clickhouse` steps 2-3 run instead on DuckDB and on ClickHouse (a
 * CLICKHOUSE_URL server, else chDB in-process) side by side: see bench/reports-clickhouse.ts.
 * `--via http` reaches that chDB over HTTP in a child process instead, as the product reaches a
 * ClickHouse server: the export's RSS figure is then the server side's alone.
 *
 * `runQueries(queryFn)` is exported so the API bench can time the same classes over HTTP.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateBulkFacts } from '../apps/server/src/modules/reports/demo/bulk-facts';
import { DuckDbReportEngine } from '../apps/server/src/report-engine/duckdb-engine';
import { buildBareSql } from '../apps/server/src/report-engine/duckdb-sql';
import type { ReportEngine, ReportQuery, ReportResult } from '../apps/server/src/report-engine/report-engine';
import { planReport } from '../apps/server/src/report-engine/report-plan';
import { exportReport } from '../apps/server/src/modules/reports/export/export-report';
import { createExportEncoder } from '../apps/server/src/modules/reports/export/export-encoder';
import { createCpuPool } from '../apps/server/src/lib/workers/cpu-pool';
import type { DimensionKey, Interval, RevenueMetric } from '@pc/contracts';
import { flagValue } from './flags';
import { printRevenueChange, timeRevenueChange } from './revenue-change';
import { withReportApi } from './report-api-leg';
import { engineFlag, numberFlag, openClickHouseBench, printSideBySide, sameAnswer, viaFlag } from './reports-clickhouse';

const ROWS = numberFlag(process.argv, 'rows', process.env.ROWS, 10_000_000);
/** `--publishers N`: the provider-scale data set and its three-publisher table instead (reports-provider.ts). */
const PUBLISHERS =
  flagValue(process.argv, 'publishers') === undefined ? undefined : Math.round(numberFlag(process.argv, 'publishers', undefined, 10));
/**
 * Timed calls per class (after one warm-up): fewer for a brief run on a shared machine. 40 by
 * default so that p95 is the third slowest call, not the slowest (with 15 it is the slowest).
 */
const RUNS = Math.max(1, Math.round(numberFlag(process.argv, 'runs', process.env.RUNS, 40)));
const END_DATE = '2025-03-15';
const DATE_FROM = '2024-03-01'; // 13 calendar months ending with END_DATE's month
const PUBLISHER = 'bulk-01';
/** 2: group counts (group-counts.ts) and recirculation rows. */
const DATA_VERSION = 2;
const TARGET_P95_MS = 100;
const TARGET_RATIO = 3;
/** A 1 million row export in <= 5 s with <= 100 MB RSS growth. */
const TARGET_EXPORT_MS = 5_000;
const TARGET_EXPORT_MB = 100;
/** Rows the export step aims at (--export-rows); fewer when the data holds fewer. */
const EXPORT_ROWS = Math.round(numberFlag(process.argv, 'export-rows', process.env.EXPORT_ROWS, 1_000_000));
/**
 * Where the export encodes its CSV chunks: in the shared worker pool as the export job does
 * (`pool`, the default), or in the bench's own thread (`--encoder thread`, the figure before the
 * job moved encoding to the pool, whose RSS also counts every encoded chunk's garbage).
 */
const ENCODER = flagValue(process.argv, 'encoder') ?? 'pool';
/** `--only export`: skip the query classes and the API leg (a quick look at the export alone); `--only change`: stop after "what changed". */
const ONLY = flagValue(process.argv, 'only');
/** `--codes off`: the export reads text columns as text, not dictionary codes (for A/B runs). */
const STREAM_CODES = flagValue(process.argv, 'codes') !== 'off';

/** Dimension classes: none, request grain (1 and 2 dims), sales grain (1, 2 and 3 dims). */
export const DIMENSION_CLASSES: { name: string; dimensions: DimensionKey[] }[] = [
  { name: 'none', dimensions: [] },
  { name: 'site', dimensions: ['sites'] },
  { name: 'site x type', dimensions: ['sites', 'product_type'] },
  { name: 'size', dimensions: ['size'] },
  { name: 'type x deal', dimensions: ['product_type', 'deal_name'] },
  { name: 'site x size x brand', dimensions: ['sites', 'size', 'brand'] },
];
const INTERVAL_LIST: Interval[] = ['Day', 'Month', 'Cumulative'];
const METRICS: RevenueMetric[] = ['impRequests', 'impressions', 'fillRate', 'revenue', 'netRevenue', 'eCpm', 'netECpm', 'cpm', 'netCpm'];

export interface ClassTiming {
  name: string;
  p50: number;
  p95: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** One warm-up call, then `runs` timed calls: their p50 and p95 in ms. */
async function timeRuns(call: () => Promise<unknown>, runs: number): Promise<{ p50: number; p95: number }> {
  await call();
  const samples: number[] = [];
  for (let n = 0; n < runs; n += 1) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/**
 * Runs every interval x dimension class `runs` times (after one warm-up) through `queryFn` and
 * returns p50/p95 per class. Reusable for the HTTP leg: pass a function that calls the API.
 */
export async function runQueries(
  queryFn: (query: ReportQuery) => Promise<unknown>,
  options: { publisherId?: string; dateFrom?: string; dateTo?: string; runs?: number } = {},
): Promise<ClassTiming[]> {
  const runs = options.runs ?? RUNS;
  const timings: ClassTiming[] = [];
  for (const { name, query } of benchQueries(options)) {
    timings.push({ name, ...(await timeRuns(() => queryFn(query), runs)) });
  }
  return timings;
}

/**
 * A report as the product reads one its report cache does not hold (cached-report-engine.ts): with
 * the publisher's finalized date known, read once per publisher and report type and kept, as the
 * cache keeps it until the publisher's next change notification.
 */
export function onCacheMiss(engine: ReportEngine): (query: ReportQuery) => Promise<ReportResult> {
  const finalized = new Map<string, Promise<string | null>>();
  return async (query) => {
    const key = JSON.stringify([query.publisherId, query.reportType]);
    let known = finalized.get(key);
    if (!known) finalized.set(key, (known = engine.getFinalizedThrough(query.publisherId, query.reportType)));
    return engine.query(query, { finalizedThrough: await known });
  };
}

/** Every interval x dimension class as a named query, in the order the tables print them. */
export function benchQueries(
  options: { publisherId?: string; dateFrom?: string; dateTo?: string } = {},
): { name: string; query: ReportQuery }[] {
  return INTERVAL_LIST.flatMap((interval) =>
    DIMENSION_CLASSES.map((cls) => ({
      name: `${interval} / ${cls.name}`,
      query: {
        reportType: 'revenue' as const,
        publisherId: options.publisherId ?? PUBLISHER,
        dateFrom: options.dateFrom ?? DATE_FROM,
        dateTo: options.dateTo ?? END_DATE,
        dimensions: cls.dimensions,
        metrics: METRICS,
        interval,
      },
    })),
  );
}

async function prepareData(engine: DuckDbReportEngine): Promise<void> {
  // `version` changes when the generator or the stored layout does, so old files are rebuilt.
  await engine.runSql('CREATE TABLE IF NOT EXISTS bench_meta (rows BIGINT)');
  await engine.runSql('ALTER TABLE bench_meta ADD COLUMN IF NOT EXISTS version INTEGER DEFAULT 1');
  const meta = await engine.runSql('SELECT max(rows)::DOUBLE AS rows, max(version) AS version FROM bench_meta');
  if (meta[0]?.rows === ROWS && meta[0]?.version === DATA_VERSION && process.env.REGEN !== '1') {
    console.log(`Reusing generated data (${ROWS.toLocaleString('en')} rows).`);
    return;
  }
  const started = performance.now();
  const summary = await generateBulkFacts(engine, { rows: ROWS, endDate: END_DATE, months: 13 });
  await engine.runSql('DELETE FROM bench_meta');
  await engine.runSql('INSERT INTO bench_meta (rows, version) VALUES ($rows, $version)', { rows: ROWS, version: DATA_VERSION });
  await engine.runSql('CHECKPOINT');
  console.log(
    `Generated ${summary.salesRows.toLocaleString('en')} sales rows (${PUBLISHER}: ${summary.biggestRows.toLocaleString('en')}), ` +
      `${summary.requestRows.toLocaleString('en')} request rows and ${summary.recirculationRows.toLocaleString('en')} recirculation rows in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}

async function benchExport(engine: ReportEngine, path: string, label = ''): Promise<void> {
  // Day x site x size x brand x deal is the sales grain: ~5,600 rows a day for the biggest
  // publisher, so the first N days give the 1M rows the target talks about.
  const query: ReportQuery = {
    reportType: 'revenue',
    publisherId: PUBLISHER,
    dateFrom: DATE_FROM,
    dateTo: END_DATE,
    dimensions: ['sites', 'size', 'brand', 'deal_name'],
    metrics: ['impressions', 'revenue', 'netRevenue', 'cpm'],
    interval: 'Day',
    limit: 0,
  };
  const perDay = (await engine.query({ ...query, dateTo: DATE_FROM })).totalRows;
  const days = Math.ceil(EXPORT_ROWS / Math.max(1, perDay));
  const dateTo = new Date(Date.parse(`${DATE_FROM}T00:00:00Z`) + (days - 1) * 86_400_000).toISOString().slice(0, 10);
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const pool = ENCODER === 'pool' ? createCpuPool() : null;
  const out = createWriteStream(path);
  // What the export job runs: totals query, streamed rows, Estimated column, CSV encoding.
  const { rows } = await exportReport(engine, { ...query, dateTo }, 'csv', out, pool ? createExportEncoder(pool) : undefined);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await pool?.destroy();
  const growthMb = (peak - baseline) / 1024 / 1024;
  const size = (await stat(path)).size / 1024 / 1024;
  console.log(
    `\nCSV export${label}: ${rows.toLocaleString('en')} rows (${size.toFixed(0)} MB) to ${path}, encoded ${pool ? 'in the worker pool' : 'in this thread'}, ${engine instanceof DuckDbReportEngine ? `text read ${STREAM_CODES ? 'as dictionary codes' : 'as text'}, ` : ''}load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`  time ${(ms / 1000).toFixed(2)} s (target <= ${TARGET_EXPORT_MS / 1000} s) ${ms <= TARGET_EXPORT_MS ? 'OK' : 'MISSED'}`);
  console.log(
    `  peak RSS growth ${growthMb.toFixed(0)} MB (target <= ${TARGET_EXPORT_MB} MB) ${growthMb <= TARGET_EXPORT_MB ? 'OK' : 'MISSED'}`,
  );
}

/**
 * For the record: the heaviest split sorted by a metric instead of by time. No time window applies
 * then: Day reads the site x size x brand day rollup as a top-N scan (count and totals in one
 * ungrouped pass), Month groups its whole months from the rollup's month copy (month-rollups.ts).
 */
async function benchUserSorted(engine: DuckDbReportEngine): Promise<void> {
  console.log('\nSorted by Revenue (descending) instead of by time: informational, no target');
  for (const interval of ['Day', 'Month'] as Interval[]) {
    const query: ReportQuery = {
      reportType: 'revenue',
      publisherId: PUBLISHER,
      dateFrom: DATE_FROM,
      dateTo: END_DATE,
      dimensions: ['sites', 'size', 'brand'],
      metrics: METRICS,
      interval,
      sort: { key: 'revenue', dir: 'desc' },
    };
    const { p50, p95 } = await timeRuns(() => engine.query(query), RUNS);
    console.log(`  ${`${interval} / site x size x brand`.padEnd(30)} | p50 ${fmt(p50)} | p95 ${fmt(p95)}`);
  }
}

async function main(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '.data');
  await mkdir(dataDir, { recursive: true });
  if (PUBLISHERS !== undefined) {
    // Provider scale (bench/reports-provider.ts): loaded on demand, it imports this file's classes.
    const provider = await import('./reports-provider');
    const options = { rows: ROWS, publishers: PUBLISHERS, runs: RUNS, dataDir };
    const file = join(dataDir, provider.providerFile(options));
    // REGEN=1 starts from an empty file: the generator inserts all publishers at once, it replaces none.
    if (process.env.REGEN === '1') for (const f of [file, `${file}.wal`]) await rm(f, { force: true });
    const duck = new DuckDbReportEngine(file, { streamCodes: STREAM_CODES });
    await duck.init();
    await provider.runProviderBench(duck, options).finally(() => duck.close());
    return;
  }
  const engine = new DuckDbReportEngine(join(dataDir, `reports-${ROWS}.duckdb`), { streamCodes: STREAM_CODES });
  await engine.init();
  try {
    await prepareData(engine);
    if (engineFlag(process.argv) === 'clickhouse') {
      await compareWithClickHouse(engine, dataDir);
      return;
    }
    if (ONLY === 'export') {
      await benchExport(engine, join(dataDir, 'export-1m.csv'));
      return;
    }
    const viaEngine = await runQueries(onCacheMiss(engine));
    const viaBare = await runQueries((q) => {
      const { sql, params } = buildBareSql(planReport(q));
      return engine.runSql(sql, params);
    });
    console.log(
      `\nQueries for ${PUBLISHER}, ${DATE_FROM}..${END_DATE}, all 9 revenue metrics (ms; targets: engine p95 <= ${TARGET_P95_MS}, p95 ratio <= ${TARGET_RATIO}x)`,
    );
    console.log(['class'.padEnd(30), 'engine p50', 'engine p95', 'bare p50', 'bare p95', 'ratio p95', 'verdict'].join(' | '));
    viaEngine.forEach((e, n) => {
      const b = viaBare[n];
      if (!b) return;
      const ratio = e.p95 / b.p95;
      const ok = e.p95 <= TARGET_P95_MS && ratio <= TARGET_RATIO;
      console.log(
        [e.name.padEnd(30), fmt(e.p50), fmt(e.p95), fmt(b.p50), fmt(b.p95), `${ratio.toFixed(2)}x`.padStart(9), ok ? 'OK' : 'MISSED'].join(
          ' | ',
        ),
      );
    });
    const change = await timeRevenueChange(engine, PUBLISHER, RUNS, timeRuns);
    printRevenueChange([{ label: 'DuckDB', change, plainP95: Math.max(...viaEngine.map((e) => e.p95)) }]);
    if (ONLY === 'change') return;
    await benchUserSorted(engine);
    await benchExport(engine, join(dataDir, 'export-1m.csv'));

    // Last: the API leg closes the engine when its app closes.
    const viaApi = await withReportApi(engine, (call) => runQueries(call));
    console.log(
      `\nThrough the API (GET /api/partner-center/report, same classes; ms; target p95 <= ${TARGET_P95_MS} and <= ${TARGET_RATIO}x bare)`,
    );
    console.log(['class'.padEnd(30), 'api p50', 'api p95', 'bare p95', 'ratio p95', 'verdict'].join(' | '));
    viaApi.forEach((a, n) => {
      const b = viaBare[n];
      if (!b) return;
      const ratio = a.p95 / b.p95;
      const ok = a.p95 <= TARGET_P95_MS && ratio <= TARGET_RATIO;
      console.log(
        [a.name.padEnd(30), fmt(a.p50), fmt(a.p95), fmt(b.p95), `${ratio.toFixed(2)}x`.padStart(9), ok ? 'OK' : 'MISSED'].join(' | '),
      );
    });
  } finally {
    await engine.close().catch(() => undefined);
  }
}

/** `--engine clickhouse`: the same classes on both engines, side by side (not with `--only export`), then each one's streamed export. */
async function compareWithClickHouse(duck: DuckDbReportEngine, dataDir: string): Promise<void> {
  const { engine: ch, label } = await openClickHouseBench(duck, dataDir, ROWS, DATA_VERSION, viaFlag(process.argv));
  try {
    if (ONLY !== 'export') await compareClasses(duck, ch, label);
    if (ONLY === 'change') return;
    await benchExport(duck, join(dataDir, 'export-1m.csv'), ' (DuckDB)');
    await benchExport(ch, join(dataDir, 'export-1m-clickhouse.csv'), ` (${label})`);
  } finally {
    await ch.close().catch(() => undefined);
  }
}

/** Every class on both engines side by side with the same-answer column, then "what changed". */
async function compareClasses(duck: DuckDbReportEngine, ch: ReportEngine, label: string): Promise<void> {
  const same: boolean[] = [];
  for (const { query } of benchQueries()) same.push(sameAnswer(await duck.query(query), await ch.query(query)));
  const viaDuck = await runQueries(onCacheMiss(duck));
  const viaCh = await runQueries(onCacheMiss(ch));
  printSideBySide(
    label,
    viaDuck.map((d, n) => ({ name: d.name, duck: d, ch: viaCh[n] ?? { p50: Number.NaN, p95: Number.NaN }, same: same[n] ?? false })),
    `${PUBLISHER}, ${DATE_FROM}..${END_DATE}, ${ROWS.toLocaleString('en')} rows, ${RUNS} runs per class, all 9 revenue metrics`,
  );
  printRevenueChange([
    {
      label: 'DuckDB',
      change: await timeRevenueChange(duck, PUBLISHER, RUNS, timeRuns),
      plainP95: Math.max(...viaDuck.map((e) => e.p95)),
    },
    { label, change: await timeRevenueChange(ch, PUBLISHER, RUNS, timeRuns), plainP95: Math.max(...viaCh.map((e) => e.p95)) },
  ]);
}

const fmt = (ms: number) => ms.toFixed(1).padStart(10);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
