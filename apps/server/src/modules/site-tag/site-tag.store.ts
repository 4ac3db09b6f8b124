import type { DuckDBConnection } from '@duckdb/node-api';

/** One accepted tag event, enriched by the collector (no IP, no user agent: only derived classes). */
export interface StoredTagEvent {
  ts: number;
  publisherId: string;
  siteId: string;
  kind: 'pv' | 'en' | 'wv';
  pageId: string;
  /** Daily-salted hash of (site, IP, user agent) as a signed 64-bit integer. */
  visitor: bigint;
  path: string;
  template: string;
  /** Page views only: the visit's entry (referrer from outside the site). */
  entry: boolean;
  referrer: string;
  source: string;
  medium: string;
  campaign: string;
  device: string;
  browser: string;
  country: string;
  engagedMs: number | null;
  scrollPct: number | null;
  metric: string;
  value: number | null;
  attribution: string;
}

/**
 * Where tag events live. DuckDB today (the report facts' instance, so page RPM can join them);
 * a ClickHouse implementation only has to answer the same two calls.
 */
export interface SiteTagEventStore {
  init(): Promise<void>;
  append(rows: readonly StoredTagEvent[]): Promise<void>;
  query(sql: string, params?: Record<string, string | number>): Promise<Record<string, unknown>[]>;
}

/** What the store needs from the report engine's DuckDB: its serialised writer and a read. */
export interface DuckDbAccess {
  write<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T>;
  runSql(sql: string, params?: Record<string, string | number>): Promise<Record<string, unknown>[]>;
}

export const SITE_TAG_EVENTS_DDL = `CREATE TABLE IF NOT EXISTS site_tag_events (
  ts BIGINT NOT NULL,
  publisher_id VARCHAR NOT NULL,
  site_id VARCHAR NOT NULL,
  kind VARCHAR NOT NULL,
  page_id VARCHAR NOT NULL,
  visitor BIGINT NOT NULL,
  path VARCHAR NOT NULL,
  template VARCHAR NOT NULL,
  entry BOOLEAN NOT NULL,
  referrer VARCHAR NOT NULL,
  source VARCHAR NOT NULL,
  medium VARCHAR NOT NULL,
  campaign VARCHAR NOT NULL,
  device VARCHAR NOT NULL,
  browser VARCHAR NOT NULL,
  country VARCHAR NOT NULL,
  engaged_ms INTEGER,
  scroll_pct INTEGER,
  metric VARCHAR NOT NULL,
  value DOUBLE,
  attribution VARCHAR NOT NULL
)`;

export function duckDbSiteTagStore(duck: DuckDbAccess): SiteTagEventStore {
  return {
    async init() {
      await duck.write((conn) => conn.run(SITE_TAG_EVENTS_DDL));
    },
    append(rows) {
      if (rows.length === 0) return Promise.resolve();
      // The appender is DuckDB's bulk path: one write transaction per batch, not per event.
      return duck.write(async (conn) => {
        const a = await conn.createAppender('site_tag_events');
        try {
          for (const r of rows) {
            a.appendBigInt(BigInt(r.ts));
            a.appendVarchar(r.publisherId);
            a.appendVarchar(r.siteId);
            a.appendVarchar(r.kind);
            a.appendVarchar(r.pageId);
            a.appendBigInt(r.visitor);
            a.appendVarchar(r.path);
            a.appendVarchar(r.template);
            a.appendBoolean(r.entry);
            a.appendVarchar(r.referrer);
            a.appendVarchar(r.source);
            a.appendVarchar(r.medium);
            a.appendVarchar(r.campaign);
            a.appendVarchar(r.device);
            a.appendVarchar(r.browser);
            a.appendVarchar(r.country);
            if (r.engagedMs === null) a.appendNull();
            else a.appendInteger(r.engagedMs);
            if (r.scrollPct === null) a.appendNull();
            else a.appendInteger(r.scrollPct);
            a.appendVarchar(r.metric);
            if (r.value === null) a.appendNull();
            else a.appendDouble(r.value);
            a.appendVarchar(r.attribution);
            a.endRow();
          }
          a.flushSync();
        } finally {
          a.closeSync();
        }
      });
    },
    query: (sql, params) => duck.runSql(sql, params),
  };
}
