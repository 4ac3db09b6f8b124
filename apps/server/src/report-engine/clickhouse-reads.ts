import { Pool, errors } from 'undici';

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
  close(): Promise<void>;
}

/**
 * The report reads' own HTTP path to ClickHouse, on a keep-alive undici pool. @clickhouse/client
 * waits a zero-delay timer before every request (so its idle-socket timers run first), which Node
 * rounds up to a millisecond or more: measured, 1.2-2.5 ms of every interactive statement, whose
 * whole answer here is 10-30 ms. Commands, inserts and streamed exports stay on the client.
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
  const pool = new Pool(target.origin, { headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const send = async (path: string, body: string): Promise<string> => {
    const answer = await pool.request({ method: 'POST', path, headers, body });
    const text = await answer.body.text();
    if (answer.statusCode !== 200) throw new Error(text.trim() || `ClickHouse answered HTTP ${answer.statusCode}`);
    return text;
  };
  return {
    async read(sql, params, format) {
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
    },
    close: () => pool.close(),
  };
}
