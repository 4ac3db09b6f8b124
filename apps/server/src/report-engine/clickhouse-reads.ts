import { StringDecoder } from 'node:string_decoder';
import { Pool, errors, type Dispatcher } from 'undici';

/** A `{name:Type}` placeholder's value as ClickHouse's HTTP interface reads `param_<name>`. */
export type ReadParam = string | number | readonly string[];

const ESCAPES: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', "'": "\\'", '\\': '\\\\' };
const escapeText = (s: string) => s.replace(/[\t\n\r'\\]/g, (c) => ESCAPES[c] as string);

/**
 * The text form of a parameter, as @clickhouse/client writes it: a string escaped as in
 * TabSeparated, a number as is, an array as a literal of quoted strings.
 */
export function paramText(value: ReadParam): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escapeText(value);
  return `[${value.map((v) => `'${escapeText(v)}'`).join(',')}]`;
}

/** A reused connection the server had already closed: the statement never reached it. */
const closedBeforeSent = (error: unknown): boolean =>
  error instanceof errors.SocketError || (error as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET';

export interface ClickHouseReads {
  /** One SELECT's whole answer as text in `format` (JSONCompact for the engine). */
  read(sql: string, params: Record<string, ReadParam>, format: string): Promise<string>;
  /**
   * One SELECT's rows as arrays of cells (JSONCompactEachRow), a received block at a time, the
   * body read only as the consumer asks. Stopping early aborts the request.
   */
  streamArrays(sql: string, params: Record<string, ReadParam>): AsyncIterable<unknown[][]>;
  close(): Promise<void>;
}

/**
 * Connections the reads (reports and exports) open to ClickHouse at most, per process; more
 * statements wait their turn here instead of reaching the server's max_concurrent_queries, which
 * docs/operations.md ("Memory and concurrency") sizes from this and the client's own 10.
 */
export const READ_CONNECTIONS = 10;

/** Bytes of a failed stream's message kept for its error. */
const MESSAGE_BYTES = 16_384;

/**
 * The message ClickHouse wrote after the rows when a statement failed once they had started: the
 * text from the first line that is not a row, without the exception block's markers (servers
 * from 25.11 frame it with `__exception__` and the X-ClickHouse-Exception-Tag value).
 */
function streamError(lines: string[], tag: string): Error {
  const text = lines
    .filter((l) => l.trim() !== '__exception__' && (!tag || !l.includes(tag)))
    .join('\n')
    .trim();
  return new Error(text || 'ClickHouse ended the answer with something that is not a row.');
}

/** One JSONCompactEachRow line's row, or null when the line is not one (where ClickHouse wrote an error). */
function rowOf(line: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(line);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * JSONCompactEachRow lines (one JSON array each) parsed in one JSON.parse: a row's text never holds
 * a raw newline, so the lines joined by commas are one array of rows. When that fails, the lines
 * are read one by one up to the first that is not a row: it and the lines after it are `rest`.
 */
function parseRows(block: string): { rows: unknown[][]; rest: string[] | null } {
  try {
    return { rows: JSON.parse(`[${block.replaceAll('\n', ',')}]`) as unknown[][], rest: null };
  } catch {
    const lines = block.split('\n');
    const rows: unknown[][] = [];
    for (const [n, line] of lines.entries()) {
      const row = rowOf(line);
      if (!row) return { rows, rest: lines.slice(n) };
      rows.push(row);
    }
    return { rows, rest: null };
  }
}

/**
 * A body's text in blocks of whole lines, one per received chunk that ends a line (the last block
 * is what follows the last newline), decoded as UTF-8 across the cuts between chunks. Leaving the
 * loop early destroys the body, which aborts the request.
 */
async function* lineBlocks(body: AsyncIterable<Buffer>): AsyncIterable<string> {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  for await (const chunk of body) {
    const text = partial + decoder.write(chunk);
    const end = text.lastIndexOf('\n');
    partial = text.slice(end + 1);
    if (end >= 0) yield text.slice(0, end);
  }
  const last = (partial + decoder.end()).trimEnd();
  if (last) yield last;
}

/**
 * The rows of a streamed answer, a block of lines at a time. Why not @clickhouse/client's
 * stream(): it parses ahead of the consumer into an object per row (its text and a closure), up to
 * 16 chunks of them, and those outlive the young generation while an export waits on its writer:
 * promoted, they held 150-170 MB of a 1 M-row export's heap until a full GC in some runs.
 */
async function* compactRows(answer: Dispatcher.ResponseData): AsyncIterable<unknown[][]> {
  /** Once a line is not a row: it and what followed it, the error's text. */
  let failed: string | null = null;
  for await (const block of lineBlocks(answer.body)) {
    if (failed !== null) {
      failed += `\n${block}`;
      if (failed.length >= MESSAGE_BYTES) break;
      continue;
    }
    const { rows, rest } = parseRows(block);
    if (rows.length > 0) yield rows;
    if (rest) failed = rest.join('\n');
  }
  if (failed === null) return;
  throw streamError(failed.slice(0, MESSAGE_BYTES).split('\n'), String(answer.headers['x-clickhouse-exception-tag'] ?? ''));
}

/**
 * The report reads' own HTTP path to ClickHouse, on a keep-alive undici pool. @clickhouse/client
 * waits a zero-delay timer before every request (so its idle-socket timers run first), which Node
 * rounds up to a millisecond or more: measured, 1.2-2.5 ms of every interactive statement, whose
 * whole answer here is 10-30 ms. Exports' streamed rows come this way too (compactRows says why);
 * commands and inserts stay on the client.
 * A SELECT changes nothing, so one that met a connection the server had just closed is sent again.
 */
export function clickHouseReads(url: string, settings: Record<string, string | number>, timeoutMs: number): ClickHouseReads {
  const target = new URL(url);
  const database = decodeURIComponent(target.pathname.replace(/^\/+|\/+$/g, ''));
  const headers: Record<string, string> = { 'content-type': 'text/plain; charset=UTF-8' };
  if (target.username || target.password) {
    const user = decodeURIComponent(target.username || 'default');
    headers.authorization = `Basic ${Buffer.from(`${user}:${decodeURIComponent(target.password)}`).toString('base64')}`;
  }
  // What every request sends the same: the connection's settings and database.
  const fixed = new URLSearchParams(Object.entries(settings).map(([k, v]) => [k, String(v)]));
  if (database) fixed.set('database', database);
  const pool = new Pool(target.origin, { connections: READ_CONNECTIONS, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  /** The answer to a SELECT in `format`, its body unread; a refusal (not HTTP 200) throws ClickHouse's message. */
  const send = async (path: string, body: string): Promise<Dispatcher.ResponseData> => {
    const answer = await pool.request({ method: 'POST', path, headers, body });
    if (answer.statusCode === 200) return answer;
    const text = await answer.body.text();
    throw new Error(text.trim() || `ClickHouse answered HTTP ${answer.statusCode}`);
  };
  const answerTo = async (sql: string, params: Record<string, ReadParam>, format: string) => {
    const search = new URLSearchParams(fixed);
    for (const [k, v] of Object.entries(params)) search.set(`param_${k}`, paramText(v));
    const path = `/?${search}`;
    const body = `${sql.trim().replace(/;$/, '')}\nFORMAT ${format}`;
    try {
      return await send(path, body);
    } catch (error) {
      if (!closedBeforeSent(error)) throw error;
      return send(path, body);
    }
  };
  return {
    read: async (sql, params, format) => (await answerTo(sql, params, format)).body.text(),
    async *streamArrays(sql, params) {
      yield* compactRows(await answerTo(sql, params, 'JSONCompactEachRow'));
    },
    close: () => pool.close(),
  };
}
