import { createWriteStream, existsSync, ReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { ChParams, ClickHouseExec } from '../../src/report-engine/clickhouse-exec';

/**
 * TEST-ONLY: ClickHouse's own engine in-process (chDB) behind the ClickHouseExec calls, so the
 * engine suite runs the product's ClickHouse SQL on real ClickHouse without a server. chDB is
 * ~550 MB, so it is not a dependency: `npm run chdb:install` puts it in .cache/chdb (or set
 * PC_CHDB_DIR), and CI installs it before the tests.
 */

/** The subset of chdb's Session this adapter uses (chdb ships its own types, but is not installed for typecheck). */
interface ChdbSession {
  queryBindAsync(query: string, params: object, opts?: { format?: string }): Promise<{ text(): string }>;
  insert(p: { table: string; values: Buffer; format: 'JSONEachRow' }): Promise<unknown>;
  queryStreamBind(query: string, params: object, opts?: { format?: string }): AsyncIterable<{ rows<T>(): T[]; text(): string }>;
  close(): void;
}
interface ChdbModule {
  Session: new (path?: string) => ChdbSession;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const CHDB_DIR = process.env.PC_CHDB_DIR ?? path.join(repoRoot, '.cache', 'chdb');

/** chdb when installed, else null (the ClickHouse suite is then skipped locally, and fails in CI). */
export function loadChdb(): ChdbModule | null {
  if (!existsSync(path.join(CHDB_DIR, 'node_modules', 'chdb'))) return null;
  return createRequire(path.join(CHDB_DIR, 'package.json'))('chdb') as ChdbModule;
}

/**
 * A chDB session as a ClickHouseExec: a fresh temporary database directory, or `dataPath` (the
 * reports bench keeps its generated data there between runs).
 */
export function chdbExec(chdb: ChdbModule, dataPath?: string): ClickHouseExec {
  const session = dataPath ? new chdb.Session(dataPath) : new chdb.Session();
  const parse = <T>(text: string): T[] =>
    text
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as T);
  return {
    async command(sql, params) {
      await session.queryBindAsync(sql, params ?? {});
    },
    async query<T>(sql: string, params?: ChParams) {
      const result = await session.queryBindAsync(sql, params ?? {}, { format: 'JSONEachRow' });
      return parse<T>(result.text());
    },
    async *streamArrays(sql, params) {
      for await (const chunk of session.queryStreamBind(sql, params ?? {}, { format: 'JSONCompactEachRow' })) {
        const rows = parseBlock<unknown[]>(chunk.text());
        if (rows.length > 0) yield rows;
      }
    },
    async insert(table, rows) {
      if (rows.length === 0) return;
      await session.insert({ table, values: Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n')), format: 'JSONEachRow' });
    },
    async insertStream(table, format, body) {
      await withFileOf(body, (file) => session.queryBindAsync(`INSERT INTO ${table} FROM INFILE ${literal(file)} FORMAT ${format}`, {}));
    },
    async close() {
      session.close();
    },
  };
}

const literal = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/**
 * A path holding `body`'s bytes: the file a file stream reads (chDB reads it itself, as a server
 * reads the request body), else a temporary copy, removed after `use`.
 */
export async function withFileOf<T>(body: Readable, use: (file: string) => Promise<T>): Promise<T> {
  if (body instanceof ReadStream && typeof body.path === 'string') {
    body.destroy();
    return use(body.path);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'pc-chdb-insert-'));
  try {
    const file = path.join(dir, 'body');
    await pipeline(body, createWriteStream(file));
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A block of JSON lines (JSONEachRow or JSONCompactEachRow) in one JSON.parse, its lines joined
 * into one array: chdb's own chunk.rows() parses line by line, several times slower for exports.
 * JSON strings never hold a raw newline, so every '\n' is a row boundary.
 */
function parseBlock<T>(text: string): T[] {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  return body.length > 0 ? (JSON.parse(`[${body.replaceAll('\n', ',')}]`) as T[]) : [];
}
