import type { DuckDBConnection } from '@duckdb/node-api';
import { withinRange, type ChangedDays, type DayRange } from './changed-days';
import type { DimensionKey } from '@pc/contracts';
import { columnsOf } from './dimension-columns';

/**
 * Sales rollups: copies of revenue_sales summed over the dimensions they leave out, kept in step
 * with it by ingestion (same transaction). A report reads the smallest rollup that still has all of
 * its dimensions, so most reports never touch the full sales grain.
 *
 * Why: sales are the finest grain (site x product type x size x brand x deal, per day); a big
 * publisher has ~2.2M such rows a year. Most reports split by far less: by site and product type
 * the same year is ~30,000 rows; without deals, about a third of the sales rows. Summing fewer
 * rows is what keeps every report inside its 100 ms budget. The ReportEngine interface does not
 * change.
 *
 * Ordered smallest first (the planner takes the first that fits).
 */
export const SALES_ROLLUPS: readonly { table: string; dimensions: readonly DimensionKey[] }[] = [
  { table: 'revenue_sales_by_site_type', dimensions: ['sites', 'product_type'] },
  { table: 'revenue_sales_by_deal', dimensions: ['sites', 'product_type', 'deal_name', 'deal_id'] },
  { table: 'revenue_sales_by_size_brand', dimensions: ['sites', 'product_type', 'size', 'brand'] },
];

/**
 * DuckDB also keeps site x size x brand per day without product type: the grain of the report
 * publishers sort by revenue most ("which brand earned most"). At a rollup's exact grain a Day
 * report needs no GROUP BY (each row already is one report row, see exactDayRollup), so a
 * metric-sorted page is a top-N scan instead of hashing every group of the range.
 * ClickHouse keeps the same list (clickhouse-derived.ts), filled by ingestion too.
 */
export const DUCKDB_SALES_ROLLUPS: typeof SALES_ROLLUPS = [
  SALES_ROLLUPS[0]!,
  // Size, brand and site x size are exact grains too (layout 4): a metric-sorted Day report split
  // by one of them reads its rows instead of summing the site x size x brand rows.
  { table: 'revenue_sales_by_size', dimensions: ['size'] },
  { table: 'revenue_sales_by_brand', dimensions: ['brand'] },
  { table: 'revenue_sales_by_site_size', dimensions: ['sites', 'size'] },
  SALES_ROLLUPS[1]!,
  { table: 'revenue_sales_by_site_size_brand', dimensions: ['sites', 'size', 'brand'] },
  SALES_ROLLUPS[2]!,
];

/** The table a sales aggregate over `dimensions` should read. */
export function salesTableFor(dimensions: readonly DimensionKey[], rollups: typeof SALES_ROLLUPS = SALES_ROLLUPS): string {
  return rollups.find((r) => dimensions.every((d) => r.dimensions.includes(d)))?.table ?? 'revenue_sales';
}

/**
 * The DuckDB rollup whose rows are exactly the rows of a Day report split by `dimensions` (same
 * dimension set), filters on its columns only; null when there is none and rows must be summed.
 */
export function exactDayRollup(dimensions: readonly DimensionKey[], filterDimensions: readonly DimensionKey[]): string | null {
  const rollup = DUCKDB_SALES_ROLLUPS.find(
    (r) => r.dimensions.length === dimensions.length && dimensions.every((d) => r.dimensions.includes(d)),
  );
  if (!rollup || !filterDimensions.every((d) => rollup.dimensions.includes(d))) return null;
  return rollup.table;
}

/**
 * The rollup a rollup's copies can be summed from: the smallest (first listed) later rollup holding
 * all of its dimensions, or null when only the facts hold them.
 */
export function rollupParent(table: string): string | null {
  const at = DUCKDB_SALES_ROLLUPS.findIndex((r) => r.table === table);
  if (at < 0) return null;
  const own = DUCKDB_SALES_ROLLUPS[at]!.dimensions;
  return DUCKDB_SALES_ROLLUPS.slice(at + 1).find((r) => own.every((d) => r.dimensions.includes(d)))?.table ?? null;
}

export function rollupDdl(): string[] {
  return DUCKDB_SALES_ROLLUPS.map(
    (r) => `CREATE TABLE IF NOT EXISTS ${r.table} (
      date DATE NOT NULL,
      publisher_id VARCHAR NOT NULL,
      ${columnsOf(r.dimensions)
        .map((c) => `${c} VARCHAR NOT NULL`)
        .join(',\n      ')},
      impressions BIGINT NOT NULL,
      revenue DOUBLE NOT NULL,
      net_revenue DOUBLE NOT NULL
    )`,
  );
}

/**
 * Day rollups summed from another rollup's new rows instead of the facts. Site x product type from
 * the deal rollup: it leaves out size and brand, so it has a fraction of the facts' rows, enough
 * to pay for reading rows written in the open transaction (~2.5x slower to scan than the committed
 * staged sales): at 2M facts (0.2M deal rows) it took ~40% less time. The other rollups' parents
 * can be about as large as the facts (site x size x brand is, in the benchmark), so they read the facts.
 */
const SUMMED_FROM: Readonly<Record<string, string>> = { revenue_sales_by_site_type: 'revenue_sales_by_deal' };

/**
 * Re-sums the (publisher_id, date) pairs listed by `changedDays` (a table name) into every rollup:
 * from `stagedSales` when given (exactly those pairs' facts: a cost of the change's size), else from
 * revenue_sales within `range`, or from the rollup SUMMED_FROM names. Runs on the caller's
 * connection, inside its transaction.
 */
export async function refreshRollups(conn: DuckDBConnection, days: ChangedDays, range: DayRange): Promise<void> {
  const { changedDays, stagedSales } = days;
  const touched = (table: string) =>
    `${table} s JOIN ${changedDays} d ON s.publisher_id = d.publisher_id AND s.date = d.date AND ${withinRange(range, 's.date')}`;
  // Largest first, so a rollup summed from another reads that one's new rows.
  for (const r of [...DUCKDB_SALES_ROLLUPS].reverse()) {
    const cols = columnsOf(r.dimensions).join(', ');
    const parent = SUMMED_FROM[r.table];
    const source = parent ? touched(parent) : stagedSales ? `${stagedSales} s` : touched('revenue_sales');
    await conn.run(
      `DELETE FROM ${r.table} USING ${changedDays} d WHERE ${r.table}.publisher_id = d.publisher_id AND ${r.table}.date = d.date`,
    );
    // Sorted by publisher then date, like the facts, so zone maps skip other publishers' rows.
    await conn.run(
      `INSERT INTO ${r.table} (date, publisher_id, ${cols}, impressions, revenue, net_revenue)
       SELECT s.date, s.publisher_id, ${cols}, sum(impressions)::BIGINT, sum(revenue), sum(net_revenue)
       FROM ${source}
       GROUP BY ALL ORDER BY s.publisher_id, s.date`,
    );
  }
}
