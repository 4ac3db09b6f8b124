import { derivedTablesDdl } from './clickhouse-derived';

/**
 * ClickHouse tables of the report engine: the same tables and columns as DuckDB's (so the SQL
 * builders share their column maps), as MergeTree tables ordered by (publisher_id, date, ...)
 * because every report reads one publisher's date range (the primary key skips other publishers'
 * granules). No monthly partitions: a batch spanning months would write one part per month per
 * table, and a day's replacement (a lightweight DELETE) would touch all of them.
 *
 * The rollups and month copies (clickhouse-derived.ts) are SummingMergeTree tables that ingestion
 * fills from the replaced days' facts, one row per key.
 *
 * Migration: every statement is idempotent (IF NOT EXISTS) and runs on each start; a change to an
 * existing table gets its own ALTER statement appended here, never an edit of the CREATE above it.
 * What is derived from the facts is versioned by CH_LAYOUT_VERSION and rebuilt once when it changes.
 */
export function clickHouseSchema(): string[] {
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
    // Optional sales attributes: not in the sort key or the rollups' views.
    `ALTER TABLE revenue_sales ADD COLUMN IF NOT EXISTS advertiser_domain String DEFAULT ''`,
    `ALTER TABLE revenue_sales ADD COLUMN IF NOT EXISTS iab_category String DEFAULT ''`,
    ...derivedTablesDdl(),
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
    `CREATE TABLE IF NOT EXISTS engine_meta (
      key String,
      value UInt32,
      version UInt64
    ) ENGINE = ReplacingMergeTree(version) ORDER BY key`,
  ];
}

/** Fact tables per report type (what is derived from them: clickhouse-derived.ts). */
export const CLICKHOUSE_TABLES_OF = {
  revenue: ['revenue_requests', 'revenue_sales'],
  recirculation: ['recirculation'],
} as const;
