import type { DuckDBConnection } from '@duckdb/node-api';
import type { DimensionKey } from '@pc/contracts';
import { columnsOf } from './dimension-columns';
import type { ReportPlan } from './report-plan';
import { withinRange, type ChangedDays, type DayRange } from './changed-days';
import { DUCKDB_SALES_ROLLUPS, salesTableFor } from './sales-rollups';

/**
 * Pre-counted report rows ("group counts") for the revenue splits finer than site x product type.
 *
 * Why: a Day x site x size x brand report over a year for a big publisher has ~750,000 rows. The
 * page shows 500 of them, but "500 of N" needs N, and counting N means hashing every group: that
 * alone costs more than the 100 ms a report may take. So ingestion stores, per publisher and per
 * day and per month, how many rows each such split has. A query then reads N as a sum of a few
 * hundred small numbers, and, because the default order is by time, only aggregates the first
 * periods that fill the page (see duckdb-engine.ts).
 *
 * Only the dimensions the report builder offers are counted (Deal and Deal ID are inactive in the
 * UI): 4 dimensions, and the 12 subsets that contain Size or Brand. Every other split is either
 * small (request grain) or not offered, and is counted by the query itself.
 */
export const COUNTED_DIMENSIONS = ['sites', 'product_type', 'size', 'brand'] as const satisfies readonly DimensionKey[];
const FINE: readonly DimensionKey[] = ['size', 'brand'];

export type CountGrain = 'day' | 'month';

/**
 * The mask DuckDB's GROUPING(site_id, product_type, size, brand) gives a grouping set: one bit per
 * column, most significant first, set when the column is NOT grouped. Null when the split is not
 * counted in advance.
 */
export function groupCountMask(dimensions: readonly DimensionKey[]): number | null {
  if (!dimensions.some((d) => FINE.includes(d))) return null;
  let mask = 0;
  const width = COUNTED_DIMENSIONS.length;
  for (const d of dimensions) if (!(COUNTED_DIMENSIONS as readonly string[]).includes(d)) return null;
  COUNTED_DIMENSIONS.forEach((d, n) => {
    if (!dimensions.includes(d)) mask |= 1 << (width - 1 - n);
  });
  return mask;
}

/** Every counted split: the subsets of COUNTED_DIMENSIONS with Size or Brand, with their masks. */
function countedSets(): { mask: number; columns: string[] }[] {
  const sets: { mask: number; columns: string[] }[] = [];
  for (let bits = 1; bits < 1 << COUNTED_DIMENSIONS.length; bits += 1) {
    const dims = COUNTED_DIMENSIONS.filter((_, n) => bits & (1 << n));
    const mask = groupCountMask(dims);
    if (mask !== null) sets.push({ mask, columns: columnsOf(dims) });
  }
  return sets;
}

/**
 * Where a grain's groups are counted. A split that is exactly some rollup's grain has one rollup
 * row per group, so its count is that rollup's row count per period (`exact`, mask -> table); the
 * others are counted by GROUPING SETS over `rows` (pub, period and the counted columns). A day's
 * rows are the staged sales when given: a committed temporary table, scanned on every core, where
 * rows written in the open transaction (the new rollup rows) are scanned ~2.5x slower. A month's
 * are its month copy, already one row per group of the month (refreshMonthRollups runs first).
 */
interface CountSource {
  rows: string;
  exact: ReadonlyMap<number, string>;
  /** SQL selecting the row count per (pub, period) of a table (for `exact`). */
  rowsOf: (table: string) => string;
}

function exactRollups(grain: CountGrain): Map<number, string> {
  const exact = new Map<number, string>();
  for (const r of DUCKDB_SALES_ROLLUPS) {
    const mask = groupCountMask(r.dimensions);
    if (mask !== null) exact.set(mask, grain === 'day' ? r.table : `${r.table}_m`);
  }
  return exact;
}

function countSource(grain: CountGrain, days: ChangedDays, range: DayRange): CountSource {
  const counted = columnsOf(COUNTED_DIMENSIONS).join(', ');
  const month = grain === 'month';
  const touched = (table: string) =>
    `${table} s JOIN gc_touched t ON s.publisher_id = t.publisher_id AND s.date = t.period AND ${withinRange(range, 's.date', month)}`;
  const rowsOf = (table: string) => `SELECT s.publisher_id AS pub, s.date AS period, count(*) AS n FROM ${touched(table)} GROUP BY ALL`;
  const table = salesTableFor(COUNTED_DIMENSIONS);
  if (month)
    return { rows: `SELECT s.publisher_id AS pub, s.date AS period, ${counted} FROM ${touched(`${table}_m`)}`, exact: new Map(), rowsOf };
  const rows = days.stagedSales
    ? `SELECT s.publisher_id AS pub, s.date AS period, ${counted} FROM ${days.stagedSales} s`
    : `SELECT s.publisher_id AS pub, s.date AS period, ${counted} FROM ${touched(table)}`;
  return { rows, exact: exactRollups(grain), rowsOf };
}

/** The bit of Sites in a mask: the first counted dimension, the most significant bit. */
const SITES_BIT = 1 << (COUNTED_DIMENSIONS.length - 1);

/**
 * SELECTs of (pub, period, g, n) counting `sets` over `rows` by GROUPING SETS. Every set hashes all
 * of its input rows, so the splits without Sites are counted from the distinct (product type,
 * size, brand) rows of each period instead: a publisher has far fewer of those than rows (sites
 * multiply them), and one DISTINCT replaces a full pass per such split.
 */
function groupedCounts(rows: string, sets: readonly { mask: number; columns: string[] }[]): string[] {
  const counted = columnsOf(COUNTED_DIMENSIONS).join(', ');
  const narrow = columnsOf(COUNTED_DIMENSIONS.filter((d) => d !== 'sites')).join(', ');
  const list = (of: typeof sets) => of.map((set) => `(pub, period, ${set.columns.join(', ')})`).join(', ');
  const wide = sets.filter((set) => !(set.mask & SITES_BIT));
  const withoutSites = sets.filter((set) => set.mask & SITES_BIT);
  const parts: string[] = [];
  if (wide.length)
    parts.push(`SELECT pub, period, g, count(*) AS n FROM (
      SELECT pub, period, GROUPING(${counted}) AS g FROM (${rows}) GROUP BY GROUPING SETS (${list(wide)})
    ) GROUP BY ALL`);
  // GROUPING of the other three columns gives their bits of the four-column mask: Sites is the first.
  if (withoutSites.length)
    parts.push(`SELECT pub, period, g, count(*) AS n FROM (
      SELECT pub, period, ${SITES_BIT} | GROUPING(${narrow}) AS g FROM (SELECT DISTINCT pub, period, ${narrow} FROM (${rows}))
      GROUP BY GROUPING SETS (${list(withoutSites)})
    ) GROUP BY ALL`);
  return parts;
}

/**
 * Recounts the days and months touched by a change. Rows go in sorted by publisher and period, like
 * the facts and rollups, so a publisher's counts sit in few row groups and zone maps skip the rest
 * (GROUPING SETS output is otherwise in hash order: at 1,000 publishers a small one's count read
 * scanned most of the table). Runs on the caller's connection, inside its transaction, after the
 * day rollups and their month copies hold the new rows. A month is recounted whole.
 */
export async function refreshGroupCounts(conn: DuckDBConnection, days: ChangedDays, range: DayRange): Promise<void> {
  for (const grain of ['day', 'month'] as const) {
    const period = grain === 'day' ? 'date' : `date_trunc('month', date)::DATE`;
    await conn.run(`CREATE OR REPLACE TEMP TABLE gc_touched AS SELECT DISTINCT publisher_id, ${period} AS period FROM ${days.changedDays}`);
    await conn.run(
      `DELETE FROM sales_group_counts USING gc_touched t
       WHERE sales_group_counts.grain = '${grain}' AND sales_group_counts.publisher_id = t.publisher_id AND sales_group_counts.period = t.period`,
    );
    const source = countSource(grain, days, range);
    const parts = [
      ...groupedCounts(
        source.rows,
        countedSets().filter((set) => !source.exact.has(set.mask)),
      ),
      ...[...source.exact].map(([mask, table]) => `SELECT pub, period, ${mask} AS g, n FROM (${source.rowsOf(table)})`),
    ];
    await conn.run(
      `INSERT INTO sales_group_counts (publisher_id, grain, period, dims_mask, groups)
       SELECT pub, '${grain}', period, g, n FROM (${parts.join(' UNION ALL ')}) ORDER BY pub, period`,
    );
  }
  await conn.run('DROP TABLE IF EXISTS gc_touched');
}

export interface PeriodCount {
  /** First day of the period, YYYY-MM-DD. */
  period: string;
  groups: number;
}

/** Stored counts of a split for the periods starting within [from, to], in time order. */
export async function readGroupCounts(
  conn: DuckDBConnection,
  plan: Pick<ReportPlan, 'publisherId'>,
  grain: CountGrain,
  mask: number,
  from: string,
  to: string,
): Promise<PeriodCount[]> {
  const reader = await conn.runAndReadAll(
    `SELECT strftime(period, '%Y-%m-%d') AS p, groups::DOUBLE AS n FROM sales_group_counts
     WHERE publisher_id = $pub AND grain = $grain AND dims_mask = $mask AND period BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
     ORDER BY period`,
    { pub: plan.publisherId, grain, mask, from, to },
  );
  return reader.getRowObjectsJS().map((r) => ({ period: String(r.p), groups: Number(r.n) }));
}
