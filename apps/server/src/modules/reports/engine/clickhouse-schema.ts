import { columnsOf } from './dimension-columns';
import { SALES_ROLLUPS } from './sales-rollups';

/**
 * ClickHouse tables of the report engine: the same tables and columns as DuckDB's (so the SQL
 * builders share their column maps), as MergeTree tables ordered by (publisher_id, date, ...)
 * because every report reads one publisher's date range (the primary key skips other publishers'
 * granules). No monthly partitions: a batch spanning months would write one part per month per
 * table and view, and a day's replacement (a lightweight DELETE) would touch all of them.
 *
 * The sales rollups are SummingMergeTree tables fed by materialized views on revenue_sales, so
 * an insert into the facts fills them in the same statement; queries still sum(), since parts are
 * summed only when merged. A replaced day is deleted from the facts and every rollup (a view only
 * sees inserts), then re-inserted.
 *
 * Migration: every statement is idempotent (IF NOT EXISTS) and runs on each start; a change to an
 * existing table gets its own ALTER statement appended here, never an edit of the CREATE above it.
 */
export function clickHouseSchema(): string[] {
  const rollups = SALES_ROLLUPS.flatMap((r) => {
    const cols = columnsOf(r.dimensions);
    return [
      `CREATE TABLE IF NOT EXISTS ${r.table} (
        date Date,
        publisher_id String,
        ${cols.map((c) => `${c} String`).join(',\n        ')},
        impressions Int64,
        revenue Float64,
        net_revenue Float64
      ) ENGINE = SummingMergeTree ORDER BY (publisher_id, date, ${cols.join(', ')})`,
      `CREATE MATERIALIZED VIEW IF NOT EXISTS ${r.table}_mv TO ${r.table} AS
        SELECT date, publisher_id, ${cols.join(', ')},
          sum(impressions) AS impressions, sum(revenue) AS revenue, sum(net_revenue) AS net_revenue
        FROM revenue_sales GROUP BY date, publisher_id, ${cols.join(', ')}`,
    ];
  });
  return [
    `CREATE TABLE IF NOT EXISTS revenue_requests (
      date Date,
      publisher_id String,
      site_id String,
      product_type LowCardinality(String),
      imp_requests Int64
    ) ENGINE = MergeTree ORDER BY (publisher_id, date, site_id, product_type)`,
    `CREATE TABLE IF NOT EXISTS revenue_sales (
      date Date,
      publisher_id String,
      site_id String,
      product_type LowCardinality(String),
      size LowCardinality(String),
      brand String,
      deal_name String,
      deal_id String,
      impressions Int64,
      revenue Float64,
      net_revenue Float64
    ) ENGINE = MergeTree ORDER BY (publisher_id, date, site_id, product_type, size, brand)`,
    `CREATE TABLE IF NOT EXISTS recirculation (
      date Date,
      publisher_id String,
      site_id String,
      widget LowCardinality(String),
      organic_page_views Int64,
      organic_clicks Int64
    ) ENGINE = MergeTree ORDER BY (publisher_id, date, site_id, widget)`,
    // Optional sales attributes (issue 14 item 2): not in the sort key or the rollups' views.
    `ALTER TABLE revenue_sales ADD COLUMN IF NOT EXISTS advertiser_domain String DEFAULT ''`,
    `ALTER TABLE revenue_sales ADD COLUMN IF NOT EXISTS iab_category String DEFAULT ''`,
    ...rollups,
    // Last write wins by version (argMax in reads, so unmerged duplicates never show).
    `CREATE TABLE IF NOT EXISTS sites (
      id String,
      publisher_id String,
      name String,
      version UInt64
    ) ENGINE = ReplacingMergeTree(version) ORDER BY id`,
    `CREATE TABLE IF NOT EXISTS finalized_through (
      publisher_id String,
      report_type LowCardinality(String),
      date Date,
      version UInt64
    ) ENGINE = ReplacingMergeTree(version) ORDER BY (publisher_id, report_type)`,
  ];
}

/** Fact tables per report type, plus the rollups a replaced revenue day must be deleted from. */
export const CLICKHOUSE_TABLES_OF = {
  revenue: ['revenue_requests', 'revenue_sales', ...SALES_ROLLUPS.map((r) => r.table)],
  recirculation: ['recirculation'],
} as const;
