/**
 * The reports bench at provider scale: `npm run bench:reports -- --publishers 1000 --rows 100000000`
 * (`--runs N`, `--via http`, `--only generate` to build the data and stop; BENCH_DATA_DIR for
 * where the data lives, default bench/.data; REGEN=1 rebuilds it).
 *
 * 1. Generates the facts of `--publishers` publishers of Zipf-like sizes inside DuckDB
 *    (demo/provider-facts.ts) into <data dir>/reports-<rows>-p<publishers>.duckdb, then copies them
 *    into chDB (<data dir>/clickhouse-<rows>-p<publishers>, or CLICKHOUSE_URL) as the
 *    `--engine clickhouse` leg does. Both are reused while rows, publishers and version match.
 * 2. For three publishers, the smallest, the median and the largest, times every report class of
 *    reports.ts on both engines and prints them side by side, with whether both engines gave the
 *    same answer. Targets: p95 <= 100 ms every class on ClickHouse, <= 200 ms on DuckDB.
 */
import { loadavg } from 'node:os';
import {
  generateProviderFacts,
  providerId,
  providerSizes,
  type ProviderPublisher,
} from '../apps/server/src/modules/reports/demo/provider-facts';
import type { DuckDbReportEngine } from '../apps/server/src/report-engine/duckdb-engine';
import type { ReportEngine } from '../apps/server/src/report-engine/report-engine';
import { flagValue } from './flags';
import { openClickHouseBench, sameAnswer, viaFlag } from './reports-clickhouse';
import { benchQueries, onCacheMiss, runQueries, type ClassTiming } from './reports';

/** 1: Zipf sizes with a seeded jitter, ids bulk-0001 (largest) ... */
const PROVIDER_VERSION = 1;
const END_DATE = '2025-03-15';
const MONTHS = 13;
const DATE_FROM = '2024-03-01';
const DAYS = 380;
export const TARGET_CH_P95_MS = 100;
export const TARGET_DUCK_P95_MS = 200;

export interface ProviderBenchOptions {
  rows: number;
  publishers: number;
  runs: number;
  dataDir: string;
}

/** The DuckDB file's name for this data set: rows and publishers identify it (the version is inside). */
export function providerFile(options: Pick<ProviderBenchOptions, 'rows' | 'publishers'>): string {
  return `reports-${options.rows}-p${options.publishers}.duckdb`;
}

/** Generates the data set into `duck` unless it already holds this (rows, publishers, version). */
export async function prepareProviderData(duck: DuckDbReportEngine, options: ProviderBenchOptions): Promise<void> {
  await duck.runSql('CREATE TABLE IF NOT EXISTS bench_meta (rows BIGINT, version INTEGER, publishers INTEGER)');
  const [meta] = await duck.runSql(
    'SELECT max(rows)::DOUBLE AS rows, max(version)::DOUBLE AS version, max(publishers)::DOUBLE AS publishers FROM bench_meta',
  );
  if (
    meta?.rows === options.rows &&
    meta.version === PROVIDER_VERSION &&
    meta.publishers === options.publishers &&
    process.env.REGEN !== '1'
  ) {
    console.log(`Reusing generated data (${options.rows.toLocaleString('en')} rows, ${options.publishers} publishers).`);
    return;
  }
  const [existing] = await duck.runSql('SELECT count(*)::DOUBLE AS n FROM revenue_sales');
  if (Number(existing?.n ?? 0) > 0) {
    throw new Error(`${providerFile(options)} holds other data: delete it (or its data directory) and run again.`);
  }
  const started = performance.now();
  const summary = await generateProviderFacts(duck, {
    rows: options.rows,
    publishers: options.publishers,
    endDate: END_DATE,
    months: MONTHS,
  });
  await duck.runSql('DELETE FROM bench_meta');
  await duck.runSql('INSERT INTO bench_meta (rows, version, publishers) VALUES ($rows, $version, $publishers)', {
    rows: options.rows,
    version: PROVIDER_VERSION,
    publishers: options.publishers,
  });
  await duck.runSql('CHECKPOINT');
  const largest = summary.publishers[0];
  console.log(
    `Generated ${summary.salesRows.toLocaleString('en')} sales rows for ${options.publishers} publishers ` +
      `(largest ${largest?.id}: ${((largest?.perDay ?? 0) * DAYS).toLocaleString('en')}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}

/** The three publishers measured: the smallest, the median and the largest, with their sales rows. */
export function measuredPublishers(
  options: Pick<ProviderBenchOptions, 'rows' | 'publishers'>,
): { label: string; publisher: ProviderPublisher }[] {
  const sizes = providerSizes(options.rows, options.publishers, DAYS);
  const pick = (rank: number) => sizes[rank - 1] ?? { id: providerId(rank), perDay: 0, sites: 0 };
  return [
    { label: 'small', publisher: pick(options.publishers) },
    { label: 'median', publisher: pick(Math.ceil(options.publishers / 2)) },
    { label: 'largest', publisher: pick(1) },
  ];
}

interface PublisherTimings {
  label: string;
  publisher: ProviderPublisher;
  duck: ClassTiming[];
  ch: ClassTiming[];
  same: boolean[];
}

/** Generates (or reuses) the data on both engines, then, unless `--only generate`, times the three publishers. */
export async function runProviderBench(duck: DuckDbReportEngine, options: ProviderBenchOptions): Promise<void> {
  await prepareProviderData(duck, options);
  const key = `${options.rows}-p${options.publishers}`;
  const { engine: ch, label } = await openClickHouseBench(
    duck,
    options.dataDir,
    options.rows,
    PROVIDER_VERSION,
    viaFlag(process.argv),
    key,
  );
  try {
    if (flagValue(process.argv, 'only') === 'generate') return;
    const results: PublisherTimings[] = [];
    for (const { label: which, publisher } of measuredPublishers(options)) {
      const range = { publisherId: publisher.id, dateFrom: DATE_FROM, dateTo: END_DATE };
      const same: boolean[] = [];
      for (const { query } of benchQueries(range)) same.push(sameAnswer(await duck.query(query), await ch.query(query)));
      const timed = (engine: ReportEngine) => runQueries(onCacheMiss(engine), { ...range, runs: options.runs });
      results.push({ label: which, publisher, duck: await timed(duck), ch: await timed(ch), same });
    }
    printProviderTable(label, results, options);
  } finally {
    await ch.close().catch(() => undefined);
  }
}

function printProviderTable(label: string, results: readonly PublisherTimings[], options: ProviderBenchOptions): void {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `\nProvider scale: ${options.rows.toLocaleString('en')} rows, ${options.publishers} publishers, ${DATE_FROM}..${END_DATE}, ` +
      `${options.runs} runs per class, all 9 revenue metrics; DuckDB embedded vs ${label}; load average ${load}`,
  );
  console.log(
    `p95 in ms (targets: DuckDB <= ${TARGET_DUCK_P95_MS}, ClickHouse <= ${TARGET_CH_P95_MS}); same = both engines' answers agree`,
  );
  const heads = results.map((r) => `${r.label} ${r.publisher.id} (${(r.publisher.perDay * DAYS).toLocaleString('en')} rows)`);
  console.log(['class'.padEnd(30), ...heads.map((h) => h.padEnd(34))].join(' | '));
  console.log([''.padEnd(30), ...results.map(() => ['duck p95', '  ch p95', 'same'].join(' | ').padEnd(34))].join(' | '));
  const fmt = (ms: number) => ms.toFixed(1).padStart(8);
  let met = 0;
  let total = 0;
  (results[0]?.duck ?? []).forEach((c, n) => {
    const cells = results.map((r) => {
      const d = r.duck[n]?.p95 ?? Number.NaN;
      const h = r.ch[n]?.p95 ?? Number.NaN;
      const same = r.same[n] ?? false;
      total += 1;
      if (d <= TARGET_DUCK_P95_MS && h <= TARGET_CH_P95_MS && same) met += 1;
      return [fmt(d), fmt(h), same ? 'yes ' : 'NO  '].join(' | ').padEnd(34);
    });
    console.log([c.name.padEnd(30), ...cells].join(' | '));
  });
  console.log(`${met} of ${total} publisher x class cells within both targets with the same answer.`);
}
