import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { SITE_TAG_DAILY_DDL } from './site-tag.daily-tables';

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
  /**
   * How many page loads this event stands for: the site's sample rate was one in `weight` when it
   * was collected. Every count sums weights (an estimate of the real traffic); 1 = unsampled.
   */
  weight: number;
}

/**
 * Where tag events live: the report engine's database, so page RPM can join the report facts.
 * DuckDB (embedded, one process) or ClickHouse (site-tag.clickhouse-store.ts, any number of
 * processes). `query` and `write` take SQL in the store's `dialect`: the queries pick theirs.
 */
export interface SiteTagEventStore {
  readonly dialect: 'duckdb' | 'clickhouse';
  init(): Promise<void>;
  append(rows: readonly StoredTagEvent[]): Promise<void>;
  query(sql: string, params?: Record<string, string | number>): Promise<Record<string, unknown>[]>;
  /** Runs `fn` on the single writer, after every earlier write (rollups, demo data); `run` binds `params` as `query` does. */
  write(fn: (run: (sql: string, params?: Record<string, string | number>) => Promise<void>) => Promise<void>): Promise<void>;
  /** Releases what the store holds outside the engine (its spool folder); appends after this fail. */
  close(): Promise<void>;
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
  attribution VARCHAR NOT NULL,
  weight INTEGER NOT NULL DEFAULT 1
)`;

/** Files made before sampling had no weight: their events stood for one page load each. */
export const SITE_TAG_EVENTS_WEIGHT_DDL = 'ALTER TABLE site_tag_events ADD COLUMN IF NOT EXISTS weight INTEGER DEFAULT 1';

/** The table's columns and their DuckDB types, in order (read_json is told them: no sniffing). */
const COLUMNS: readonly (readonly [string, string])[] = [
  ['ts', 'BIGINT'],
  ['publisher_id', 'VARCHAR'],
  ['site_id', 'VARCHAR'],
  ['kind', 'VARCHAR'],
  ['page_id', 'VARCHAR'],
  ['visitor', 'BIGINT'],
  ['path', 'VARCHAR'],
  ['template', 'VARCHAR'],
  ['entry', 'BOOLEAN'],
  ['referrer', 'VARCHAR'],
  ['source', 'VARCHAR'],
  ['medium', 'VARCHAR'],
  ['campaign', 'VARCHAR'],
  ['device', 'VARCHAR'],
  ['browser', 'VARCHAR'],
  ['country', 'VARCHAR'],
  ['engaged_ms', 'INTEGER'],
  ['scroll_pct', 'INTEGER'],
  ['metric', 'VARCHAR'],
  ['value', 'DOUBLE'],
  ['attribution', 'VARCHAR'],
  ['weight', 'INTEGER'],
];
/** The site_tag_events table's columns in its order: for statements that copy or read them all. */
export const SITE_TAG_EVENT_COLUMNS: readonly string[] = COLUMNS.map(([n]) => n);
const JSON_COLUMNS = `{${COLUMNS.map(([n, t]) => `${n}: '${t}'`).join(', ')}}`;
const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;

/**
 * An event's columns under their table names, all but the visitor hash: each store writes that
 * 64-bit value its own way (JSON numbers would round it). The DuckDB and ClickHouse tables have
 * the same columns.
 */
export function eventColumns(r: StoredTagEvent): Record<string, string | number | boolean | null> {
  return {
    ts: r.ts,
    publisher_id: r.publisherId,
    site_id: r.siteId,
    kind: r.kind,
    page_id: r.pageId,
    path: r.path,
    template: r.template,
    entry: r.entry,
    referrer: r.referrer,
    source: r.source,
    medium: r.medium,
    campaign: r.campaign,
    device: r.device,
    browser: r.browser,
    country: r.country,
    engaged_ms: r.engagedMs,
    scroll_pct: r.scrollPct,
    metric: r.metric,
    value: r.value,
    attribution: r.attribution,
    weight: r.weight,
  };
}

/** One row as a JSON line; the 64-bit visitor hash spliced in as a number (JSON.stringify cannot write a bigint). */
function toJsonLine(r: StoredTagEvent): string {
  const json = JSON.stringify(eventColumns(r));
  return `{"visitor":${r.visitor.toString()},${json.slice(1)}`;
}

/**
 * The batch as NDJSON, a slice at a time: a second's 5,000 rows in one go held the event loop
 * about 10 ms, and the portal's API requests that arrived then waited for it (bench:collect).
 */
async function toJsonLines(rows: readonly StoredTagEvent[]): Promise<string> {
  const lines: string[] = [];
  for (let i = 0; i < rows.length; i += SERIALISE_SLICE) {
    if (i > 0) await yieldToLoop();
    for (const r of rows.slice(i, i + SERIALISE_SLICE)) lines.push(toJsonLine(r));
  }
  return lines.join('\n');
}
const SERIALISE_SLICE = 500;

/** `tmpDir`: where the spool folder goes (the OS's temp folder unless a test wants to watch it). */
export function duckDbSiteTagStore(duck: DuckDbAccess, opts: { tmpDir?: string } = {}): SiteTagEventStore {
  // One spool folder per store, made at the first batch (most stores never collect: tests, the
  // demo seed, benches) and removed by close(), so a server's shutdown leaves nothing in /tmp.
  let spoolDir: Promise<string> | null = null;
  let spooled = 0;
  let closed = false;
  const spool = () => (spoolDir ??= mkdtemp(path.join(opts.tmpDir ?? os.tmpdir(), 'pc-site-tag-')));
  return {
    dialect: 'duckdb',
    async init() {
      await duck.write(async (conn) => {
        for (const ddl of [SITE_TAG_EVENTS_DDL, SITE_TAG_EVENTS_WEIGHT_DDL, ...SITE_TAG_DAILY_DDL]) await conn.run(ddl);
      });
    },
    async append(rows) {
      if (rows.length === 0) return;
      // DuckDB reads the batch as newline-delimited JSON from a spool file, on its own threads:
      // the event loop only serialises (about 1 µs a row). The appender's per-value calls were
      // synchronous, 25-60 µs a row, which at thousands of events a second starved the API.
      if (closed) throw new Error('site tag store is closed');
      const file = path.join(await spool(), `batch-${++spooled}.ndjson`);
      await writeFile(file, await toJsonLines(rows));
      try {
        await duck.write((conn) =>
          conn.run(
            `INSERT INTO site_tag_events (${SITE_TAG_EVENT_COLUMNS.join(', ')}) SELECT ${SITE_TAG_EVENT_COLUMNS.join(', ')} FROM read_json(${lit(file)}, format = 'newline_delimited', columns = ${JSON_COLUMNS})`,
          ),
        );
      } finally {
        await rm(file, { force: true });
      }
    },
    query: (sql, params) => duck.runSql(sql, params),
    write: (fn) =>
      duck.write(async (conn) => {
        await fn(async (sql, params) => {
          await conn.run(sql, params);
        });
      }),
    async close() {
      closed = true;
      const dir = spoolDir;
      spoolDir = null;
      if (dir) await rm(await dir, { recursive: true, force: true });
    },
  };
}
