/**
 * The reports bench's ClickHouse leg (`npm run bench:reports -- --engine clickhouse`):
 * the same generated facts in ClickHouse, the same report classes timed through
 * ClickHouseReportEngine.query, and a table side by side with DuckDB embedded (target: ClickHouse
 * p95 within 2x of DuckDB per class, since a real cluster adds the network).
 *
 * Which ClickHouse: CLICKHOUSE_URL when set (a server, through @clickhouse/client as in the
 * product), otherwise ClickHouse's own engine in-process through chDB (`npm run chdb:install`),
 * whose database is kept in bench/.data/clickhouse-<rows> so later runs reuse it. The facts are
 * copied from the DuckDB bench file rather than generated twice, so both engines answer over
 * exactly the same rows; the bench checks that they return the same row counts and totals.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { EnvSchema } from '../apps/server/src/config/env';
import { chdbExec, CHDB_DIR, loadChdb } from '../apps/server/test/reports/chdb-test-exec';
import { ClickHouseReportEngine } from '../apps/server/src/report-engine/clickhouse-engine';
import { clickHouseClientExec, type ClickHouseExec } from '../apps/server/src/report-engine/clickhouse-exec';
import { rebuildDerived } from '../apps/server/src/report-engine/clickhouse-derived';
import { CLICKHOUSE_TABLES_OF } from '../apps/server/src/report-engine/clickhouse-schema';
import { columnsOf } from '../apps/server/src/report-engine/dimension-columns';
import { SALES_SUMS } from '../apps/server/src/report-engine/month-rollups';
import { DUCKDB_SALES_ROLLUPS } from '../apps/server/src/report-engine/sales-rollups';
import { withClusterLayout } from '../apps/server/src/report-engine/create-engine';
import type { DuckDbReportEngine } from '../apps/server/src/report-engine/duckdb-engine';
import { FACT_TABLES } from '../apps/server/src/report-engine/duckdb-schema';
import type { ReportResult } from '../apps/server/src/report-engine/report-engine';
import { flagValue } from './flags';

export type BenchEngine = 'duckdb' | 'clickhouse';

/** `--engine clickhouse` (or `--engine=clickhouse`); DuckDB alone by default. */
export function engineFlag(argv: readonly string[]): BenchEngine {
  const value = flagValue(argv, 'engine') ?? 'duckdb';
  if (value !== 'duckdb' && value !== 'clickhouse') throw new Error(`--engine must be duckdb or clickhouse, not ${value}`);
  return value;
}

/** A numeric `--name N` / `--name=N` flag, else the environment variable, else the default. */
export function numberFlag(argv: readonly string[], name: string, env: string | undefined, fallback: number): number {
  const raw = flagValue(argv, name) ?? env;
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, not ${raw}`);
  return value;
}

/**
 * `--via http`: chDB is reached over HTTP through @clickhouse/client, as the product reaches a
 * ClickHouse server, with chDB in a child process (chdb-front.ts); in-process by default.
 */
export type BenchVia = 'in-process' | 'http';
export function viaFlag(argv: readonly string[]): BenchVia {
  const value = flagValue(argv, 'via') ?? 'in-process';
  if (value !== 'in-process' && value !== 'http') throw new Error(`--via must be in-process or http, not ${value}`);
  return value;
}

export interface ClickHouseBench {
  engine: ClickHouseReportEngine;
  label: string;
}

/** Bumped with reports.ts's DATA_VERSION when the generated data changes. */
const COPY_VERSION = 2;
/** The tables a report reads, in the DuckDB bench file's column order (sites: id, publisher, name). */
const COPIED: Record<string, readonly string[]> = { ...FACT_TABLES, sites: ['id', 'publisher_id', 'name'] };
/** The day rollups: the same tables and columns in both engines (clickhouse-derived.ts builds ClickHouse's from DuckDB's list). */
const DAY_ROLLUPS: Record<string, readonly string[]> = Object.fromEntries(
  DUCKDB_SALES_ROLLUPS.map((r) => [r.table, ['date', 'publisher_id', ...columnsOf(r.dimensions), ...Object.keys(SALES_SUMS)]]),
);

/**
 * Opens ClickHouse and makes it hold the DuckDB bench file's bulk-* facts (`rows` and `version`
 * identify the data, `name` its directory under `dataDir`; REGEN=1 or a change reloads it). The
 * facts are copied around ingest(), so the rollups and month copies are rebuilt from them
 * afterwards (2: layout 2's derived tables).
 */
export async function openClickHouseBench(
  duck: DuckDbReportEngine,
  dataDir: string,
  rows: number,
  version: number,
  via: BenchVia = 'in-process',
  name = String(rows),
): Promise<ClickHouseBench> {
  const url = process.env.CLICKHOUSE_URL;
  let exec: ClickHouseExec;
  let label: string;
  let local: string | null = null;
  if (url) {
    // A staging cluster is driven as the product drives it: CLICKHOUSE_CLUSTER names its layout.
    const layout = EnvSchema.shape.CLICKHOUSE_CLUSTER.parse(process.env.CLICKHOUSE_CLUSTER);
    exec = withClusterLayout(clickHouseClientExec(url), layout);
    label = `ClickHouse server (${new URL(url).host}${layout === 'none' ? '' : `, ${layout} cluster`})`;
  } else {
    const chdb = loadChdb();
    if (!chdb) throw new Error(`--engine clickhouse needs CLICKHOUSE_URL or chDB: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);
    local = join(dataDir, `clickhouse-${name}`);
    if (process.env.REGEN === '1') await rm(local, { recursive: true, force: true });
    await mkdir(local, { recursive: true });
    exec = chdbExec(chdb, local);
    label = 'ClickHouse in-process (chDB)';
  }
  const engine = new ClickHouseReportEngine(exec);
  await engine.init();
  const [version0] = await exec.query<{ v: string }>(`SELECT version() AS v`);
  label += ` ${version0?.v ?? ''}`;
  await exec.command('CREATE TABLE IF NOT EXISTS bench_meta (rows UInt64, version UInt32) ENGINE = MergeTree ORDER BY tuple()');
  const [meta] = await exec.query<{ rows: number; version: number }>(
    'SELECT toFloat64(max(rows)) AS rows, toFloat64(max(version)) AS version FROM bench_meta',
  );
  const wanted = version * 1000 + COPY_VERSION;
  if (meta?.rows === rows && meta.version === wanted && process.env.REGEN !== '1') {
    console.log(`Reusing ClickHouse data (${rows.toLocaleString('en')} rows).`);
    return local && via === 'http' ? overHttp(engine, local) : { engine, label };
  }
  const started = performance.now();
  for (const table of [...CLICKHOUSE_TABLES_OF.revenue, ...CLICKHOUSE_TABLES_OF.recirculation, 'sites']) {
    // Other publishers' rows (a shared server) are not the bench's to delete; the derived tables are rebuilt below.
    await exec.command(`DELETE FROM ${table} WHERE startsWith(publisher_id, 'bulk-')`);
  }
  await exec.command('TRUNCATE TABLE bench_meta');
  const copied = local ? await copyViaParquet(duck, exec, local) : await copyInBatches(duck, exec);
  const derived = performance.now();
  // chDB got DuckDB's day rollups with the facts (copyViaParquet): only their month copies and the both-grains table remain.
  await rebuildDerived(exec, { dayRollupsLoaded: local !== null });
  console.log(`Rebuilt ClickHouse's rollups and month copies in ${((performance.now() - derived) / 1000).toFixed(1)} s.`);
  await exec.insert('bench_meta', [{ rows, version: wanted }]);
  console.log(`Copied ${copied.toLocaleString('en')} rows into ClickHouse in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return local && via === 'http' ? overHttp(engine, local) : { engine, label };
}

/** Closes the in-process engine and serves its database from a child process over HTTP (`--via http`). */
async function overHttp(inProcess: ClickHouseReportEngine, local: string): Promise<ClickHouseBench> {
  await inProcess.close();
  const script = join(dirname(fileURLToPath(import.meta.url)), 'chdb-front.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, local], { stdio: ['pipe', 'pipe', 'inherit'] });
  const [url] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const client = clickHouseClientExec(url);
  const engine = new ClickHouseReportEngine({
    ...client,
    async close() {
      await client.close();
      child.stdin.end();
      if (child.exitCode === null) await once(child, 'exit');
    },
  });
  const [version] = await client.query<{ v: string }>(`SELECT version() AS v`);
  return { engine, label: `ClickHouse over HTTP (chDB ${version?.v ?? ''} in a child process)` };
}

/**
 * chDB reads files on this machine: DuckDB writes each table as Parquet, ClickHouse inserts it
 * whole. The day rollups too: copying them costs a read of their rows where summing them again in
 * ClickHouse costs seven GROUP BYs over every fact. Returns the facts' and sites' rows copied.
 */
async function copyViaParquet(duck: DuckDbReportEngine, exec: ClickHouseExec, dir: string): Promise<number> {
  let total = 0;
  const started = performance.now();
  for (const [table, columns] of Object.entries({ ...COPIED, ...DAY_ROLLUPS })) {
    const file = join(dir, `${table}.parquet`);
    const cols = columns.join(', ');
    // Paths are the bench's own; DuckDB's COPY takes no parameter for the file name. No ORDER BY:
    // the generators insert in publisher order and COPY keeps it, where sorting 100 M rows again
    // would cost minutes. Large insert blocks make few parts for chDB to merge afterwards.
    await duck.runSql(`COPY (SELECT ${cols} FROM ${table} WHERE publisher_id LIKE 'bulk-%') TO '${file}' (FORMAT parquet)`);
    // The facts' bulk rows were deleted by the caller; the rollups are the bench's alone here (chDB's own directory).
    if (table in DAY_ROLLUPS) await exec.command(`TRUNCATE TABLE ${table}`);
    await exec.command(
      `INSERT INTO ${table} (${cols}) SELECT ${cols} FROM file({file:String}, Parquet)
       SETTINGS min_insert_block_size_rows = 4194304, max_insert_block_size = 4194304`,
      { file },
    );
    await rm(file, { force: true });
    const [n] = await exec.query<{ n: number }>(`SELECT toFloat64(count()) AS n FROM ${table} WHERE startsWith(publisher_id, 'bulk-')`);
    if (table in COPIED) total += Number(n?.n ?? 0);
    console.log(
      `  ${table}: ${Number(n?.n ?? 0).toLocaleString('en')} rows (total ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  return total;
}

/** A ClickHouse server cannot read this machine's files: rows go over HTTP as JSONEachRow, a publisher-month at a time. */
async function copyInBatches(duck: DuckDbReportEngine, exec: ClickHouseExec): Promise<number> {
  const months = await duck.runSql(
    `SELECT DISTINCT publisher_id AS p, strftime(date_trunc('month', date), '%Y-%m-%d') AS m FROM revenue_sales
     WHERE publisher_id LIKE 'bulk-%' ORDER BY p, m`,
  );
  let total = 0;
  for (const [table, columns] of Object.entries(COPIED)) {
    // DATE as text and integers as DOUBLE: JSON has neither dates nor 64-bit integers.
    const select = columns
      .map((c) =>
        c === 'date' ? `strftime(date, '%Y-%m-%d') AS date` : /requests|impressions|organic/.test(c) ? `CAST(${c} AS DOUBLE) AS ${c}` : c,
      )
      .join(', ');
    if (table === 'sites') {
      const rows = await duck.runSql(`SELECT ${select} FROM sites WHERE publisher_id LIKE 'bulk-%'`);
      await exec.insert(table, rows);
      total += rows.length;
      continue;
    }
    for (const { p, m } of months) {
      const rows = await duck.runSql(
        `SELECT ${select} FROM ${table} WHERE publisher_id = $p AND date >= CAST($m AS DATE) AND date < CAST($m AS DATE) + INTERVAL 1 MONTH`,
        { p: String(p), m: String(m) },
      );
      await exec.insert(table, rows);
      total += rows.length;
    }
  }
  return total;
}

/** Same classes, both engines: their row counts and totals must agree (to a cent of rounding). */
export function sameAnswer(a: ReportResult, b: ReportResult): boolean {
  if (a.totalRows !== b.totalRows) return false;
  return Object.keys(a.totals).every((k) => {
    const x = a.totals[k] ?? null;
    const y = b.totals[k] ?? null;
    if (x === null || y === null) return x === y;
    return Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(x));
  });
}

export interface SideBySide {
  name: string;
  duck: { p50: number; p95: number };
  ch: { p50: number; p95: number };
  same: boolean;
}

/** The reference: ClickHouse p95 within 2x of DuckDB embedded, per class. */
export const TARGET_CH_RATIO = 2;

export function printSideBySide(label: string, rows: readonly SideBySide[], context: string): void {
  const fmt = (ms: number) => ms.toFixed(1).padStart(9);
  console.log(`\n${label} vs DuckDB embedded: ${context} (ms; target: ClickHouse p95 <= ${TARGET_CH_RATIO}x DuckDB p95)`);
  console.log(['class'.padEnd(32), 'duck p50', 'duck p95', '  ch p50', '  ch p95', 'ch/duck', 'same answer', 'verdict'].join(' | '));
  let met = 0;
  for (const r of rows) {
    const ratio = r.ch.p95 / r.duck.p95;
    const ok = ratio <= TARGET_CH_RATIO && r.same;
    if (ok) met += 1;
    console.log(
      [
        r.name.padEnd(32),
        fmt(r.duck.p50),
        fmt(r.duck.p95),
        fmt(r.ch.p50),
        fmt(r.ch.p95),
        `${ratio.toFixed(2)}x`.padStart(7),
        (r.same ? 'yes' : 'NO').padEnd(11),
        ok ? 'OK' : 'MISSED',
      ].join(' | '),
    );
  }
  console.log(`${met} of ${rows.length} classes within ${TARGET_CH_RATIO}x with the same answer.`);
}
