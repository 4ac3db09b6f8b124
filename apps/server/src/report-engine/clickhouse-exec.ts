import type { Readable } from 'node:stream';
import { createClient, type ClickHouseClient, type ClickHouseSettings } from '@clickhouse/client';
import { clickHouseReads } from './clickhouse-reads';

/** Values of `{name:Type}` placeholders: the server parses each by its declared type. */
export type ChParams = Record<string, string | number | readonly string[]>;

/**
 * What the ClickHouse engine needs from a connection: statements with bound parameters, JSON rows
 * back, streamed rows as arrays of cells, and inserts (batched JSONEachRow, or a file's body as it
 * is). The product speaks HTTP (@clickhouse/client, and its own reads: clickhouse-reads.ts); the
 * tests plug ClickHouse's own engine in-process (chDB) behind the same calls, so the SQL under test
 * is exactly the SQL the product sends.
 */
export interface ClickHouseExec {
  command(sql: string, params?: ChParams): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: ChParams): Promise<T[]>;
  /**
   * Rows as arrays of cells in SELECT order (JSONCompactEachRow), a block at a time, fetched only
   * as the consumer asks: exports build no object per row, and a slow writer holds the query back.
   */
  streamArrays(sql: string, params?: ChParams): AsyncIterable<unknown[][]>;
  insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void>;
  /**
   * Appends `body`, rows in ClickHouse's input `format` (e.g. LineAsString), to `table`: the server
   * parses them, so a facts file is sent as it is (FactIngest.stageFile) instead of as objects.
   */
  insertStream(table: string, format: string, body: Readable): Promise<void>;
  close(): Promise<void>;
}

/** How long a statement may run (a big export's sort or a rebuild of the derived tables). */
export const CLICKHOUSE_REQUEST_TIMEOUT_MS = 120_000;
/**
 * A statement that sends nothing for longer than a load balancer's idle timeout has its connection
 * cut ("socket hang up") although ClickHouse finishes it. ClickHouse then sends a progress header
 * at this interval until the first row, below the common 60 s idle timeouts (a shorter one needs a
 * smaller value here). Statements that answer sooner send no such header.
 */
export const CLICKHOUSE_PROGRESS_INTERVAL_MS = 30_000;

/** A JSONCompact answer: the column names once, each row an array of cells. */
interface CompactAnswer {
  meta?: { name: string }[];
  data: unknown[][];
  /** ClickHouse ends the document with the error when a statement fails after its first rows. */
  exception?: string;
}

/**
 * JSONCompact's rows as objects. query() asks for JSONCompact, not JSONEachRow: a report's page
 * repeats its totals in every row, and JSONEachRow every column name too, so a 380-row Day
 * report is 213 KB as JSONEachRow and 130 KB as JSONCompact, parsed in one JSON.parse instead of
 * one per row.
 */
export function rowsOfCompact<T>(answer: CompactAnswer): T[] {
  if (typeof answer.exception === 'string') throw new Error(answer.exception);
  const names = (answer.meta ?? []).map((m) => m.name);
  return answer.data.map((cells) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i += 1) row[names[i] as string] = cells[i];
    return row as T;
  });
}

/** The production connection: `url` is CLICKHOUSE_URL (http(s)://user:password@host:8123/database). */
export function clickHouseClientExec(url: string): ClickHouseExec {
  const settings: ClickHouseSettings & Record<string, string | number> = {
    // 64-bit integers as JSON numbers; every figure the engine reads is cast to Float64 anyway.
    output_format_json_quote_64bit_integers: 0,
    // Inserted numbers parsed exactly, as JavaScript reads them (the default on recent servers only).
    precise_float_parsing: 1,
    send_progress_in_http_headers: 1,
    // UInt64 settings go as strings (the client's type for them).
    http_headers_progress_interval_ms: String(CLICKHOUSE_PROGRESS_INTERVAL_MS),
  };
  const client: ClickHouseClient = createClient({ url, request_timeout: CLICKHOUSE_REQUEST_TIMEOUT_MS, clickhouse_settings: settings });
  const reads = clickHouseReads(url, settings, CLICKHOUSE_REQUEST_TIMEOUT_MS);
  return {
    async command(sql, params) {
      await client.command({ query: sql, query_params: params ?? {} });
    },
    async query<T>(sql: string, params?: ChParams) {
      return rowsOfCompact<T>(JSON.parse(await reads.read(sql, params ?? {}, 'JSONCompact')) as CompactAnswer);
    },
    streamArrays: (sql, params) => reads.streamArrays(sql, params ?? {}),
    async insert(table, rows) {
      if (rows.length === 0) return;
      await client.insert({ table, values: rows as Record<string, unknown>[], format: 'JSONEachRow' });
    },
    async insertStream(table, format, body) {
      // exec, not insert: the client's insert() knows only some formats (not LineAsString).
      const result = await client.exec({ query: `INSERT INTO ${table} FORMAT ${format}`, values: body });
      result.stream.destroy();
    },
    async close() {
      await Promise.all([client.close(), reads.close()]);
    },
  };
}
