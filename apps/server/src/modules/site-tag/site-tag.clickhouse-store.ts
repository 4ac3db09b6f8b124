import type { ChParams, ClickHouseExec } from '../../report-engine/clickhouse-exec';
import { backfillClickHouseRollups, SITE_TAG_CLICKHOUSE_ROLLUP_DDL } from './site-tag.clickhouse-rollup';
import { eventColumns, type SiteTagEventStore, type StoredTagEvent } from './site-tag.store';

/**
 * Site-tag events on ClickHouse (CLICKHOUSE_URL), in the report engine's database so page RPM joins
 * revenue_sales there: every server process collects into the same table and every query sees all
 * of them, which the one-process DuckDB file cannot do.
 *
 * One MergeTree table ordered by (publisher_id, site_id, ts): every query reads one publisher's
 * (often one site's) time range, which the primary key narrows to a few granules. The rollups
 * (site-tag.clickhouse-rollup.ts: materialized views, the closed days' engagement) are made with
 * it; the queries (site-tag.clickhouse-queries.ts) read them with the same definitions as DuckDB's
 * rollups (site-tag.rollup.ts), so the figures are the same. DuckDB's open-day snapshot is not
 * built here: the views keep every day's sums and visitor sets current at each insert.
 *
 * Migration: like the report engine's schema (clickhouse-schema.ts), each statement is idempotent
 * and runs at every start; a later change to the table is an ALTER appended to the list.
 */
export const SITE_TAG_CLICKHOUSE_DDL = [
  `CREATE TABLE IF NOT EXISTS site_tag_events (
    ts Int64,
    publisher_id String,
    site_id String,
    kind LowCardinality(String),
    page_id String,
    visitor Int64,
    path String,
    template LowCardinality(String),
    entry Bool,
    referrer String,
    source LowCardinality(String),
    medium LowCardinality(String),
    campaign String,
    device LowCardinality(String),
    browser LowCardinality(String),
    country LowCardinality(String),
    engaged_ms Nullable(Int32),
    scroll_pct Nullable(Int32),
    metric LowCardinality(String),
    value Nullable(Float64),
    attribution String,
    weight Int32 DEFAULT 1
  ) ENGINE = MergeTree ORDER BY (publisher_id, site_id, ts)`,
];

/** Rows per INSERT: the collector flushes about once a second, so a batch is usually one INSERT. */
const INSERT_BATCH = 50_000;

/** One event as a JSONEachRow object; the 64-bit visitor hash as a string (ClickHouse parses it exactly, JSON numbers would round it). */
function toRow(r: StoredTagEvent): Record<string, unknown> {
  return { ...eventColumns(r), visitor: r.visitor.toString() };
}

/**
 * The store on a ClickHouse connection it does not own (the report engine's, closed by the engine).
 * `query` takes ClickHouse SQL with `{name:Type}` placeholders, bound by the server.
 */
export function clickHouseSiteTagStore(ch: ClickHouseExec): SiteTagEventStore {
  let closed = false;
  const store: SiteTagEventStore = {
    dialect: 'clickhouse',
    async init() {
      for (const ddl of [...SITE_TAG_CLICKHOUSE_DDL, ...SITE_TAG_CLICKHOUSE_ROLLUP_DDL]) await ch.command(ddl);
      await backfillClickHouseRollups(store);
    },
    async append(rows) {
      if (closed) throw new Error('site tag store is closed');
      for (let i = 0; i < rows.length; i += INSERT_BATCH) await ch.insert('site_tag_events', rows.slice(i, i + INSERT_BATCH).map(toRow));
    },
    query: (sql, params) => ch.query(sql, params as ChParams | undefined),
    // ClickHouse has no single writer to wait for: the statements run in order on the connection.
    async write(fn) {
      await fn((sql, params) => ch.command(sql, params));
    },
    async close() {
      closed = true;
    },
  };
  return store;
}
