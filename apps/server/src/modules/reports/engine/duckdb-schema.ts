import { rollupDdl } from './sales-rollups';

/**
 * Version of what is derived from the facts (rollups, group counts). A file written by an older
 * version has its derived tables rebuilt once on open. 2: sales rollups and group counts.
 */
export const LAYOUT_VERSION = 2;

/**
 * DuckDB fact tables. No primary keys on facts: uniqueness is guaranteed by ingestion (a file may
 * not repeat a key, and each (publisher, day) is replaced as a whole), and keys would slow bulk
 * loads. Money is DOUBLE: report figures are sums for display, not ledger amounts.
 */
export const DUCKDB_SCHEMA: readonly string[] = [
  // key -> value; holds the layout version (see LAYOUT_VERSION).
  `CREATE TABLE IF NOT EXISTS engine_meta (key VARCHAR PRIMARY KEY, value INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS revenue_requests (
    date DATE NOT NULL,
    publisher_id VARCHAR NOT NULL,
    site_id VARCHAR NOT NULL,
    product_type VARCHAR NOT NULL,
    imp_requests BIGINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS revenue_sales (
    date DATE NOT NULL,
    publisher_id VARCHAR NOT NULL,
    site_id VARCHAR NOT NULL,
    product_type VARCHAR NOT NULL,
    size VARCHAR NOT NULL,
    brand VARCHAR NOT NULL,
    deal_name VARCHAR NOT NULL,
    deal_id VARCHAR NOT NULL,
    impressions BIGINT NOT NULL,
    revenue DOUBLE NOT NULL,
    net_revenue DOUBLE NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS recirculation (
    date DATE NOT NULL,
    publisher_id VARCHAR NOT NULL,
    site_id VARCHAR NOT NULL,
    widget VARCHAR NOT NULL,
    organic_page_views BIGINT NOT NULL,
    organic_clicks BIGINT NOT NULL
  )`,
  // Rows per report split, per day and month: see group-counts.ts. dims_mask is GROUPING()'s mask.
  `CREATE TABLE IF NOT EXISTS sales_group_counts (
    publisher_id VARCHAR NOT NULL,
    grain VARCHAR NOT NULL,
    period DATE NOT NULL,
    dims_mask INTEGER NOT NULL,
    groups BIGINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS sites (
    id VARCHAR PRIMARY KEY,
    publisher_id VARCHAR NOT NULL,
    name VARCHAR NOT NULL
  )`,
  ...rollupDdl(),
  `CREATE TABLE IF NOT EXISTS finalized_through (
    publisher_id VARCHAR NOT NULL,
    report_type VARCHAR NOT NULL,
    date DATE NOT NULL,
    PRIMARY KEY (publisher_id, report_type)
  )`,
];

/** Fact tables per report type, with their column lists in appender order. */
export const FACT_TABLES = {
  revenue_requests: ['date', 'publisher_id', 'site_id', 'product_type', 'imp_requests'],
  revenue_sales: [
    'date',
    'publisher_id',
    'site_id',
    'product_type',
    'size',
    'brand',
    'deal_name',
    'deal_id',
    'impressions',
    'revenue',
    'net_revenue',
  ],
  recirculation: ['date', 'publisher_id', 'site_id', 'widget', 'organic_page_views', 'organic_clicks'],
} as const;

export type FactTable = keyof typeof FACT_TABLES;
