import type { ClickHouseExec } from './clickhouse-exec';
import { columnsOf } from './dimension-columns';
import { pairFilters } from './clickhouse-pair-filters';
import { MONTH_SOURCES, SALES_SUMS, type MonthSource } from './month-rollups';
import { DUCKDB_SALES_ROLLUPS, exactDayRollup } from './sales-rollups';

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
 * LAYOUT_VERSION: 3 = layout 2 plus the request and sales sums side by side (BOTH_GRAINS_TABLE)
 * and the month copies' DAY_ROWS; 2 = rollups and month copies filled by ingestion; 1 had views on
 * the facts for three rollups. A database at an older layout is rebuilt once on start
 * (ensureChLayout); run the upgraded version's first start before ingesting, with one process.
 */
export const CH_LAYOUT_VERSION = 3;

/** Views of layout 1, dropped on start: they would add every insert to the rollups a second time. */
export const LAYOUT_1_VIEWS = ['revenue_sales_by_site_type_mv', 'revenue_sales_by_deal_mv', 'revenue_sales_by_size_brand_mv'];

const SUMS: Record<'BIGINT' | 'DOUBLE', string> = { BIGINT: 'Int64', DOUBLE: 'Float64' };
const SALES_SUM_COLUMNS = Object.keys(SALES_SUMS);

/**
 * ClickHouse only: per day, site and product type, the requests and the sales sums in one row (a
 * key with only one grain has zeros for the other). A report with request metrics is at this grain
 * (report-plan.ts) and read both grains as a UNION of the request facts and the site x type rollup,
 * each from its month copy and cut days: four parts for a Month report where this table and its
 * month copy give two. ClickHouse's planning, not the reading, is most of a small report's time:
 * Month / none, 10 M rows, p50 11.3 -> 8.7 ms (docs/benchmarks.md, "Reports on ClickHouse"). DuckDB plans the UNION in
 * well under a millisecond and keeps the two tables.
 */
export const BOTH_GRAINS_TABLE = 'revenue_both_by_site_type';
const BOTH_GRAINS_KEYS = columnsOf(['sites', 'product_type']);
const BOTH_GRAINS_SUMS = { imp_requests: 'BIGINT', ...SALES_SUMS } as const;

/**
 * A ClickHouse month copy's count of the day rows it sums. At a rollup's exact Day grain each day
 * row is a report row, so a report's row count is the sum of its whole months' counts and its cut
 * days' rows, read with the sums (clickhouse-sql.ts, exactTotalsSql) instead of a count() of up to
 * a year of day rows: 766,080 rows of Day x site x size x brand counted in about 4 ms of the totals'
 * 17 (10 M-row bench, chDB).
 */
export const DAY_ROWS = 'day_rows';

const BOTH_GRAINS_SOURCE: MonthSource = { table: BOTH_GRAINS_TABLE, keys: BOTH_GRAINS_KEYS, sums: BOTH_GRAINS_SUMS };

/** Every table with a month copy in ClickHouse: DuckDB's (month-rollups.ts) and BOTH_GRAINS_TABLE. */
export const CH_MONTH_SOURCES: readonly MonthSource[] = [...MONTH_SOURCES, BOTH_GRAINS_SOURCE];

/**
 * CREATE statements of every derived table, ordered like the facts for per-publisher reads. Plain
 * MergeTree: each key is written once, and a SummingMergeTree would drop rows whose sums are all
 * zero when it merges (a request row of 0 requests is still a report row).
 */
export function derivedTablesDdl(): string[] {
  const rollups = DUCKDB_SALES_ROLLUPS.map((r) => sumsTableDdl(r.table, columnsOf(r.dimensions), SALES_SUMS));
  const months = CH_MONTH_SOURCES.map((s) => sumsTableDdl(`${s.table}_m`, s.keys, { ...s.sums, [DAY_ROWS]: 'BIGINT' }));
  return [...rollups, sumsTableDdl(BOTH_GRAINS_TABLE, BOTH_GRAINS_KEYS, BOTH_GRAINS_SUMS), ...months];
}

function sumsTableDdl(table: string, keys: readonly string[], sums: MonthSource['sums']): string {
  const columns = [...keys.map((c) => `${c} String`), ...Object.entries(sums).map(([c, type]) => `${c} ${SUMS[type]}`)];
  return `CREATE TABLE IF NOT EXISTS ${table} (date Date, publisher_id String, ${columns.join(', ')})
    ENGINE = MergeTree ORDER BY (publisher_id, date, ${keys.join(', ')})`;
}

/** Every derived table: what a replaced day must be deleted from, besides the facts. */
const DAY_TABLES = [...DUCKDB_SALES_ROLLUPS.map((r) => r.table), BOTH_GRAINS_TABLE];
export const DERIVED_TABLES = [...DAY_TABLES, ...CH_MONTH_SOURCES.map((s) => `${s.table}_m`)];

const isoMonth = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * Re-sums the derived rows of one publisher's replaced `days` (YYYY-MM-DD), after the facts of
 * those days were replaced: each day's rollup rows, then each touched month whole from its days.
 */
export async function refreshDerived(ch: ClickHouseExec, publisherId: string, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const months = [...new Set(days.map(isoMonth))];
  for (const table of DAY_TABLES) {
    await ch.command(`DELETE FROM ${table} WHERE publisher_id = {pub:String} AND date IN {days:Array(Date)}`, { pub: publisherId, days });
  }
  for (const s of CH_MONTH_SOURCES) {
    await ch.command(`DELETE FROM ${s.table}_m WHERE publisher_id = {pub:String} AND date IN {months:Array(Date)}`, {
      pub: publisherId,
      months,
    });
  }
  const dayFilter = 'WHERE publisher_id = {pub:String} AND date IN {days:Array(Date)}';
  for (const r of DUCKDB_SALES_ROLLUPS)
    await ch.command(rollupInsert(r.table, columnsOf(r.dimensions), dayFilter), { pub: publisherId, days });
  await ch.command(bothGrainsInsert(dayFilter), { pub: publisherId, days });
  const monthFilter = `WHERE publisher_id = {pub:String} AND toStartOfMonth(date) IN {months:Array(Date)}`;
  for (const s of CH_MONTH_SOURCES) await ch.command(monthInsert(s, monthFilter), { pub: publisherId, months });
}

/** Staging tables holding exactly the new facts of the replaced days (clickhouse-ingest.ts). */
export interface StagedFacts {
  requests: string;
  sales: string;
}

/**
 * refreshDerived for many publishers' days at once: every day's rollup rows first, then each
 * touched month from its days, a few statements per filter of pairFilters rather than per
 * publisher. The day rollups are summed from the staged tables, which hold the replaced days'
 * facts and nothing else, in one statement per rollup: filtering the facts by 2,000 pairs at a
 * time was most of a large file's publish (2 M rows, 10,000 pairs: 5 x 8 scans of the facts).
 * Every statement names a filter once (each is up to 200,000 bytes of ClickHouse's 256 KiB).
 */
export async function refreshDerivedOfDays(
  ch: ClickHouseExec,
  days: readonly (readonly [string, string])[],
  /** The pairs that held facts before: the only ones with day rollup rows to delete. */
  stored: readonly (readonly [string, string])[],
  staged: StagedFacts,
): Promise<void> {
  for (const inDays of pairFilters(stored)) for (const table of DAY_TABLES) await ch.command(`DELETE FROM ${table} WHERE ${inDays}`);
  for (const r of DUCKDB_SALES_ROLLUPS) await ch.command(rollupInsert(r.table, columnsOf(r.dimensions), '', staged.sales));
  await ch.command(bothGrainsInsert('', staged));
  const months = [...new Map(days.map(([pub, day]) => [`${pub}\n${isoMonth(day)}`, [pub, isoMonth(day)] as const])).values()];
  const storedMonths = await monthsHeld(ch, months);
  for (const s of CH_MONTH_SOURCES) {
    for (const inMonths of pairFilters(storedMonths)) await ch.command(`DELETE FROM ${s.table}_m WHERE ${inMonths}`);
    for (const inMonths of pairFilters(months, 'toStartOfMonth(date)')) await ch.command(monthInsert(s, `WHERE ${inMonths}`));
  }
}

/**
 * The (publisher, month) pairs of `months` the month copies hold rows of: only those need a DELETE
 * (each a mutation of its table, about 60 ms on chDB even when it matches nothing: nine per publish).
 * The filter stands once, over all the copies (ClickHouse pushes it into each): written into each
 * of them, a file touching a few thousand publisher-months made a statement past ClickHouse's
 * 256 KiB limit on a query's text.
 */
async function monthsHeld(ch: ClickHouseExec, months: readonly (readonly [string, string])[]) {
  const held: (readonly [string, string])[] = [];
  const copies = CH_MONTH_SOURCES.map((s) => `SELECT publisher_id, date FROM ${s.table}_m`).join(' UNION ALL ');
  for (const inMonths of pairFilters(months)) {
    const rows = await ch.query<{ p: string; d: string }>(
      `SELECT DISTINCT publisher_id AS p, toString(date) AS d FROM (${copies}) WHERE ${inMonths}`,
    );
    held.push(...rows.map((r) => [r.p, r.d] as const));
  }
  return held;
}

/**
 * Every derived table refilled from all facts: a layout change, or facts loaded around ingestion
 * (the bench's copy). `dayRollupsLoaded`: the day rollups (DUCKDB_SALES_ROLLUPS) already hold
 * their rows, copied from DuckDB's identical tables by the bench, so only what is derived from
 * them is refilled: at 100 M facts that saves seven GROUP BYs over every fact row.
 */
export async function rebuildDerived(ch: ClickHouseExec, options: { dayRollupsLoaded?: boolean } = {}): Promise<void> {
  const rollups = options.dayRollupsLoaded ? [] : DUCKDB_SALES_ROLLUPS;
  const refilled = DERIVED_TABLES.filter((t) => !options.dayRollupsLoaded || !DUCKDB_SALES_ROLLUPS.some((r) => r.table === t));
  for (const table of refilled) await ch.command(`TRUNCATE TABLE IF EXISTS ${table}`);
  for (const r of rollups) await ch.command(rollupInsert(r.table, columnsOf(r.dimensions), ''));
  await ch.command(bothGrainsInsert(''));
  for (const s of CH_MONTH_SOURCES) await ch.command(monthInsert(s, ''));
}

function rollupInsert(table: string, cols: readonly string[], where: string, from = 'revenue_sales'): string {
  const keys = ['date', 'publisher_id', ...cols].join(', ');
  return `INSERT INTO ${table} (${keys}, ${SALES_SUM_COLUMNS.join(', ')})
    SELECT ${keys}, ${SALES_SUM_COLUMNS.map((c) => `sum(${c})`).join(', ')} FROM ${from} ${where} GROUP BY ${keys}`;
}

/**
 * BOTH_GRAINS_TABLE's rows of the days `where` selects, from the request facts and the site x type
 * rollup (filled first), or from the staged facts.
 */
function bothGrainsInsert(where: string, staged?: StagedFacts): string {
  const keys = ['date', 'publisher_id', ...BOTH_GRAINS_KEYS].join(', ');
  const rollup = exactDayRollup(['sites', 'product_type'], []);
  if (!rollup) throw new Error('no site x product type rollup to fill the both-grains table from');
  return `INSERT INTO ${BOTH_GRAINS_TABLE} (${keys}, imp_requests, ${SALES_SUM_COLUMNS.join(', ')})
    SELECT ${keys}, sum(r), sum(i), sum(rv), sum(nrv) FROM (
      SELECT ${keys}, imp_requests AS r, toInt64(0) AS i, toFloat64(0) AS rv, toFloat64(0) AS nrv FROM ${staged?.requests ?? 'revenue_requests'} ${where}
      UNION ALL SELECT ${keys}, toInt64(0), impressions, revenue, net_revenue FROM ${staged?.sales ?? rollup} ${where}
    ) GROUP BY ${keys}`;
}

function monthInsert(s: MonthSource, where: string): string {
  const keys = ['publisher_id', ...s.keys].join(', ');
  const sums = Object.keys(s.sums);
  return `INSERT INTO ${s.table}_m (date, ${keys}, ${sums.join(', ')}, ${DAY_ROWS})
    SELECT toStartOfMonth(date) AS month, ${keys}, ${sums.map((c) => `sum(${c})`).join(', ')}, count() FROM ${s.table} ${where} GROUP BY month, ${keys}`;
}

/**
 * Brings an older layout up to date on start, rebuilding every derived table from the facts once:
 * layout 1 had views feeding three SummingMergeTree rollups (those go, views and tables, and are
 * recreated as above); layout 2 lacks BOTH_GRAINS_TABLE and its month copy (created empty by the
 * schema's DDL) and the month copies' DAY_ROWS (added here). A new database has no layout row and
 * no views, so it only records the layout: two processes starting on it at once then never drop or
 * refill what the other just created.
 */
export async function ensureChLayout(ch: ClickHouseExec): Promise<void> {
  const [row] = await ch.query<{ v: number }>(
    `SELECT toFloat64(argMax(value, version)) AS v FROM engine_meta WHERE key = 'layout_version'`,
  );
  const recorded = Number(row?.v ?? 0);
  if (recorded >= CH_LAYOUT_VERSION) return;
  const views = await ch.query<{ name: string }>(
    'SELECT name FROM system.tables WHERE database = currentDatabase() AND name IN {views:Array(String)}',
    { views: LAYOUT_1_VIEWS },
  );
  if (views.length > 0 || recorded > 0) {
    for (const view of LAYOUT_1_VIEWS) await ch.command(`DROP VIEW IF EXISTS ${view}`);
    if (views.length > 0) for (const view of LAYOUT_1_VIEWS) await ch.command(`DROP TABLE IF EXISTS ${view.replace(/_mv$/, '')}`);
    for (const ddl of derivedTablesDdl()) await ch.command(ddl);
    for (const s of CH_MONTH_SOURCES) await ch.command(`ALTER TABLE ${s.table}_m ADD COLUMN IF NOT EXISTS ${DAY_ROWS} Int64`);
    await rebuildDerived(ch);
  }
  await ch.insert('engine_meta', [{ key: 'layout_version', value: CH_LAYOUT_VERSION, version: Date.now() }]);
}
