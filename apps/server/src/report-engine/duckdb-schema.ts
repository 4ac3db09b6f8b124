import { monthRollupDdl } from './month-rollups';
import { rollupDdl } from './sales-rollups';

/**
 * Version of what is derived from the facts (rollups, group counts). A file written by an older
 * version has its derived tables rebuilt once on open. 2: sales rollups and group counts.
 * 3: the site x size x brand rollup (DUCKDB_SALES_ROLLUPS). 4: size, brand and site x size day
 * rollups, and month copies of the requests and of every rollup (month-rollups.ts).
 */
export const LAYOUT_VERSION = 4;

type ColumnType = 'DATE' | 'VARCHAR' | 'BIGINT' | 'DOUBLE';

/**
 * The one list of fact columns, in appender order, with their types. The DDL, the appender column
 * lists and the ingest file's known columns (ingest/fact-row-schemas.ts) are all derived from it.
 */
export const FACT_COLUMNS = {
  revenue_requests: {
    date: 'DATE',
    publisher_id: 'VARCHAR',
    site_id: 'VARCHAR',
    product_type: 'VARCHAR',
    imp_requests: 'BIGINT',
  },
  revenue_sales: {
    date: 'DATE',
    publisher_id: 'VARCHAR',
    site_id: 'VARCHAR',
    product_type: 'VARCHAR',
    size: 'VARCHAR',
    brand: 'VARCHAR',
    deal_name: 'VARCHAR',
    deal_id: 'VARCHAR',
    impressions: 'BIGINT',
    revenue: 'DOUBLE',
    net_revenue: 'DOUBLE',
    // Optional attributes (OPTIONAL_FACT_COLUMNS), last so a file migrated by ALTER has the same order.
    advertiser_domain: 'VARCHAR',
    iab_category: 'VARCHAR',
  },
  recirculation: {
    date: 'DATE',
    publisher_id: 'VARCHAR',
    site_id: 'VARCHAR',
    widget: 'VARCHAR',
    organic_page_views: 'BIGINT',
    organic_clicks: 'BIGINT',
  },
} as const satisfies Record<string, Record<string, ColumnType>>;

/**
 * Columns a fact file may leave out: '' when absent (NOT NULL DEFAULT '', so positional inserts
 * that predate them keep working). The sales' advertiser domain and IAB content category price the
 * blocking rules of those types; rollups do not carry them, reports never split
 * by them. Added to files written before them by ALTER (DUCKDB_SCHEMA), which appends at the end.
 */
export const OPTIONAL_FACT_COLUMNS: Readonly<Partial<Record<keyof typeof FACT_COLUMNS, readonly string[]>>> = {
  revenue_sales: ['advertiser_domain', 'iab_category'],
};

function columnsOf<T extends Record<string, ColumnType>>(columns: T): Array<keyof T & string> {
  return Object.keys(columns) as Array<keyof T & string>;
}

function factTableDdl(table: keyof typeof FACT_COLUMNS, columns: Record<string, ColumnType>): string {
  const optional = OPTIONAL_FACT_COLUMNS[table] ?? [];
  const body = Object.entries(columns)
    .map(([name, type]) => `    ${name} ${type} NOT NULL${optional.includes(name) ? ` DEFAULT ''` : ''}`)
    .join(',\n');
  return `CREATE TABLE IF NOT EXISTS ${table} (\n${body}\n  )`;
}

/**
 * DuckDB fact tables. No primary keys on facts: uniqueness is guaranteed by ingestion (a file may
 * not repeat a key, and each (publisher, day) is replaced as a whole), and keys would slow bulk
 * loads. Money is DOUBLE: report figures are sums for display, not ledger amounts.
 */
export const DUCKDB_SCHEMA: readonly string[] = [
  // key -> value; holds the layout version (see LAYOUT_VERSION).
  `CREATE TABLE IF NOT EXISTS engine_meta (key VARCHAR PRIMARY KEY, value INTEGER NOT NULL)`,
  ...Object.entries(FACT_COLUMNS).map(([table, columns]) => factTableDdl(table as keyof typeof FACT_COLUMNS, columns)),
  // Files from before the optional columns: no-ops on tables created above with them.
  ...Object.entries(OPTIONAL_FACT_COLUMNS).flatMap(([table, columns]) =>
    (columns ?? []).map((c) => `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${c} VARCHAR DEFAULT ''`),
  ),
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
  ...monthRollupDdl(),
  `CREATE TABLE IF NOT EXISTS finalized_through (
    publisher_id VARCHAR NOT NULL,
    report_type VARCHAR NOT NULL,
    date DATE NOT NULL,
    PRIMARY KEY (publisher_id, report_type)
  )`,
];

/** Fact tables per report type, with their column lists in appender order (derived from FACT_COLUMNS). */
export const FACT_TABLES = {
  revenue_requests: columnsOf(FACT_COLUMNS.revenue_requests),
  revenue_sales: columnsOf(FACT_COLUMNS.revenue_sales),
  recirculation: columnsOf(FACT_COLUMNS.recirculation),
} as const;

export type FactTable = keyof typeof FACT_COLUMNS;
