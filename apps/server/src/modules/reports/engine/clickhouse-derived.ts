import type { ClickHouseExec } from './clickhouse-exec';
import { columnsOf } from './dimension-columns';
import { MONTH_SOURCES } from './month-rollups';
import { DUCKDB_SALES_ROLLUPS } from './sales-rollups';

/**
 * ClickHouse's derived tables: the same day rollups and month copies as DuckDB's (sales-rollups.ts,
 * month-rollups.ts), filled by ingestion from the facts of the days it replaced.
 *
 * Why ingestion and not materialized views: a view sums each inserted block on its own, so a key
 * can sit in several parts until a merge, and a Day report at a rollup's exact grain could then not
 * read rows as they are (it would need a GROUP BY or FINAL, the cost the rollup exists to avoid).
 * One INSERT ... SELECT ... GROUP BY over a replaced day writes each key once. A month copy has to
 * be re-summed anyway when one of its days changes, which no view can do.
 *
 * LAYOUT_VERSION: 2 = rollups and month copies filled by ingestion (1 had views on the facts for
 * three rollups). A database at an older layout is rebuilt once on start (rebuildDerived); run the
 * upgraded version's first start before ingesting (ingestion runs from one place anyway).
 */
export const CH_LAYOUT_VERSION = 2;

/** Views of layout 1, dropped on start: they would add every insert to the rollups a second time. */
export const LAYOUT_1_VIEWS = ['revenue_sales_by_site_type_mv', 'revenue_sales_by_deal_mv', 'revenue_sales_by_size_brand_mv'];

const SUMS: Record<'BIGINT' | 'DOUBLE', string> = { BIGINT: 'Int64', DOUBLE: 'Float64' };
const SALES_SUM_COLUMNS = ['impressions', 'revenue', 'net_revenue'];

/**
 * CREATE statements of every derived table, ordered like the facts for per-publisher reads. Plain
 * MergeTree: each key is written once, and a SummingMergeTree would drop rows whose sums are all
 * zero when it merges (a request row of 0 requests is still a report row).
 */
export function derivedTablesDdl(): string[] {
  const rollups = DUCKDB_SALES_ROLLUPS.map((r) => {
    const cols = columnsOf(r.dimensions);
    return `CREATE TABLE IF NOT EXISTS ${r.table} (
      date Date, publisher_id String, ${cols.map((c) => `${c} String`).join(', ')},
      impressions Int64, revenue Float64, net_revenue Float64
    ) ENGINE = MergeTree ORDER BY (publisher_id, date, ${cols.join(', ')})`;
  });
  const months = MONTH_SOURCES.map(
    (s) => `CREATE TABLE IF NOT EXISTS ${s.table}_m (
      date Date, publisher_id String, ${s.keys.map((c) => `${c} String`).join(', ')},
      ${Object.entries(s.sums)
        .map(([c, type]) => `${c} ${SUMS[type]}`)
        .join(', ')}
    ) ENGINE = MergeTree ORDER BY (publisher_id, date, ${s.keys.join(', ')})`,
  );
  return [...rollups, ...months];
}

/** Every derived table: what a replaced day must be deleted from, besides the facts. */
export const DERIVED_TABLES = [...DUCKDB_SALES_ROLLUPS.map((r) => r.table), ...MONTH_SOURCES.map((s) => `${s.table}_m`)];

const isoMonth = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * Re-sums the derived rows of one publisher's replaced `days` (YYYY-MM-DD), after the facts of
 * those days were replaced: each day's rollup rows, then each touched month whole from its days.
 */
export async function refreshDerived(ch: ClickHouseExec, publisherId: string, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const months = [...new Set(days.map(isoMonth))];
  for (const r of DUCKDB_SALES_ROLLUPS) {
    await ch.command(`DELETE FROM ${r.table} WHERE publisher_id = {pub:String} AND date IN {days:Array(Date)}`, { pub: publisherId, days });
  }
  for (const s of MONTH_SOURCES) {
    await ch.command(`DELETE FROM ${s.table}_m WHERE publisher_id = {pub:String} AND date IN {months:Array(Date)}`, {
      pub: publisherId,
      months,
    });
  }
  const dayFilter = 'WHERE publisher_id = {pub:String} AND date IN {days:Array(Date)}';
  for (const r of DUCKDB_SALES_ROLLUPS)
    await ch.command(rollupInsert(r.table, columnsOf(r.dimensions), dayFilter), { pub: publisherId, days });
  const monthFilter = `WHERE publisher_id = {pub:String} AND toStartOfMonth(date) IN {months:Array(Date)}`;
  for (const s of MONTH_SOURCES) await ch.command(monthInsert(s, monthFilter), { pub: publisherId, months });
}

/** Every derived table refilled from all facts: a layout change, or facts loaded around ingestion (the bench's copy). */
export async function rebuildDerived(ch: ClickHouseExec): Promise<void> {
  for (const table of DERIVED_TABLES) await ch.command(`TRUNCATE TABLE IF EXISTS ${table}`);
  for (const r of DUCKDB_SALES_ROLLUPS) await ch.command(rollupInsert(r.table, columnsOf(r.dimensions), ''));
  for (const s of MONTH_SOURCES) await ch.command(monthInsert(s, ''));
}

function rollupInsert(table: string, cols: readonly string[], where: string): string {
  const keys = ['date', 'publisher_id', ...cols].join(', ');
  return `INSERT INTO ${table} (${keys}, ${SALES_SUM_COLUMNS.join(', ')})
    SELECT ${keys}, ${SALES_SUM_COLUMNS.map((c) => `sum(${c})`).join(', ')} FROM revenue_sales ${where} GROUP BY ${keys}`;
}

function monthInsert(s: (typeof MONTH_SOURCES)[number], where: string): string {
  const keys = ['publisher_id', ...s.keys].join(', ');
  const sums = Object.keys(s.sums);
  return `INSERT INTO ${s.table}_m (date, ${keys}, ${sums.join(', ')})
    SELECT toStartOfMonth(date) AS month, ${keys}, ${sums.map((c) => `sum(${c})`).join(', ')} FROM ${s.table} ${where} GROUP BY month, ${keys}`;
}

/**
 * Brings an older layout up to date on start. Layout 1 had views feeding three SummingMergeTree
 * rollups: those go (views and tables, recreated as above) and every derived table is rebuilt from
 * the facts. A new database has no views, so it only records the layout: two processes starting
 * on it at once then never drop what the other just created.
 */
export async function ensureChLayout(ch: ClickHouseExec): Promise<void> {
  const [row] = await ch.query<{ v: number }>(
    `SELECT toFloat64(argMax(value, version)) AS v FROM engine_meta WHERE key = 'layout_version'`,
  );
  if (Number(row?.v ?? 0) >= CH_LAYOUT_VERSION) return;
  const views = await ch.query<{ name: string }>(
    'SELECT name FROM system.tables WHERE database = currentDatabase() AND name IN {views:Array(String)}',
    { views: LAYOUT_1_VIEWS },
  );
  if (views.length > 0) {
    for (const view of LAYOUT_1_VIEWS) await ch.command(`DROP VIEW IF EXISTS ${view}`);
    for (const view of LAYOUT_1_VIEWS) await ch.command(`DROP TABLE IF EXISTS ${view.replace(/_mv$/, '')}`);
    for (const ddl of derivedTablesDdl()) await ch.command(ddl);
    await rebuildDerived(ch);
  }
  await ch.insert('engine_meta', [{ key: 'layout_version', value: CH_LAYOUT_VERSION, version: Date.now() }]);
}
