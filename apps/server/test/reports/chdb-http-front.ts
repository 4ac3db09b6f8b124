import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { withFileOf, type loadChdb } from './chdb-test-exec';

/**
 * TEST-ONLY: chDB behind the subset of ClickHouse's HTTP interface that @clickhouse/client uses
 * (the product never depends on it), so the engine's tests can run through
 * the production connection (`clickHouseClientExec`) and not only through the in-process adapter.
 *
 * Subset: POST with the statement in the body (query, command) or in `?query=` with the rows in
 * the body (insert, `INSERT ... FORMAT <any input format>`, read from a temporary file); `param_<name>` values in the client's text
 * form, bound by the engine as their declared `{name:Type}`; errors as a non-200 answer with
 * ClickHouse's message and `X-ClickHouse-Exception-Code`. Every other URL parameter is a setting
 * for that statement, as on a ClickHouse server (e.g. the client's
 * `output_format_json_quote_64bit_integers`), so a test over HTTP runs with the settings the
 * product asks for. Progress while a statement runs comes as `102 Processing` (progressWhileRunning).
 */
export interface ChdbHttpFront {
  url: string;
  close(): Promise<void>;
}

type Chdb = NonNullable<ReturnType<typeof loadChdb>>;

/** The client's text form of a parameter (TSV-escaped) back to the value; chDB escapes it again. */
function unescapeParam(text: string): string {
  return text.replace(/\\(.)/gs, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', '0': '\0', b: '\b', f: '\f' })[c] ?? c);
}

/** URL parameters of ClickHouse's HTTP interface that are not settings. */
const NOT_SETTINGS = new Set([
  'query',
  'query_id',
  'database',
  'default_format',
  'session_id',
  'session_timeout',
  'role',
  'user',
  'password',
]);

/** A URL's settings (name to value), or an error for a name that is not a setting's. */
function urlSettings(url: URL): Map<string, string> {
  const settings = new Map<string, string>();
  for (const [k, v] of url.searchParams) {
    if (k.startsWith('param_') || NOT_SETTINGS.has(k)) continue;
    if (!/^\w+$/.test(k)) throw new Error(`Code: 115. DB::Exception: Unknown setting '${k}'. (UNKNOWN_SETTING)`);
    settings.set(k, v);
  }
  return settings;
}

/** A value as a ClickHouse string literal: a setting takes its value from text. */
const literal = (v: string): string => `'${v.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** `INSERT INTO t [(columns)] FORMAT F` reading its rows from `file`. */
function insertFromFile(insert: string, file: string): string {
  const parts = /^([\s\S]*?)\s+FORMAT\s+(\w+)\s*$/i.exec(insert.trim());
  if (!parts) throw new Error(`Code: 62. DB::Exception: an insert with a body needs FORMAT at its end: ${insert}. (SYNTAX_ERROR)`);
  return `${parts[1]} FROM INFILE ${literal(file)} FORMAT ${parts[2]}`;
}

/**
 * A server asked for progress headers (send_progress_in_http_headers) sends one every
 * http_headers_progress_interval_ms while a statement runs, which keeps the client's idle-socket
 * timeout from cutting a long statement. Headers cannot be sent one by one here, so the front
 * sends an interim `102 Processing` answer instead: bytes on the socket all the same.
 */
function progressWhileRunning(url: URL, res: http.ServerResponse): NodeJS.Timeout | undefined {
  const everyMs = Number(url.searchParams.get('http_headers_progress_interval_ms') ?? 100);
  if (url.searchParams.get('send_progress_in_http_headers') !== '1' || !(everyMs > 0)) return undefined;
  return setInterval(() => res.writeProcessing(), everyMs);
}

/** `dataPath`: a database directory to serve (the reports bench's); a fresh temporary one without it. */
export async function startChdbHttpFront(chdb: Chdb, dataPath?: string): Promise<ChdbHttpFront> {
  const session = dataPath ? new chdb.Session(dataPath) : new chdb.Session();
  // One statement at a time: a ClickHouse server runs requests concurrently, but one chDB session
  // is not documented as safe for that, and several server processes share this front.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };
  // A server applies URL settings to their statement alone; one session keeps what SET gives it,
  // so the front sets what a request changes and puts back to DEFAULT what it no longer asks for.
  // The product's client sends the same settings every time: one SET each, on the first request.
  const applied = new Map<string, string>();
  const applySettings = async (wanted: Map<string, string>): Promise<void> => {
    for (const name of [...applied.keys()].filter((n) => !wanted.has(n))) {
      await session.queryBindAsync(`SET ${name} = DEFAULT`, {});
      applied.delete(name);
    }
    for (const [name, value] of wanted) {
      if (applied.get(name) === value) continue;
      await session.queryBindAsync(`SET ${name} = ${literal(value)}`, {});
      applied.set(name, value);
    }
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://front');
    const params: Record<string, string> = {};
    for (const [k, v] of url.searchParams) if (k.startsWith('param_')) params[k.slice(6)] = unescapeParam(v);
    const insert = url.searchParams.get('query');
    const run = (sql: string) =>
      serial(async () => {
        await applySettings(urlSettings(url));
        return session.queryBindAsync(sql, params);
      });
    // An insert's rows (the body) are written to a file that chDB reads as a server reads the
    // body: a file of millions of rows never becomes one string here.
    const answer = insert
      ? withFileOf(req, (file) => run(insertFromFile(insert, file)))
      : new Promise<Buffer>((resolve, reject) => {
          const chunks: Buffer[] = [];
          req.on('data', (c: Buffer) => chunks.push(c));
          req.on('end', () => resolve(Buffer.concat(chunks)));
          req.on('error', reject);
        }).then((body) => run(body.toString('utf8')));
    const progress = progressWhileRunning(url, res);
    // One chain: a separate finally() would be a second promise, rejected unhandled with a failed statement.
    answer
      .finally(() => clearInterval(progress))
      .then(
        (result) => {
          res.writeHead(200, { 'content-type': 'text/plain; charset=UTF-8', 'x-clickhouse-summary': '{}' });
          res.end(result.text());
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          const code = /Code: (\d+)/.exec(message)?.[1] ?? '1001';
          res.writeHead(500, { 'content-type': 'text/plain; charset=UTF-8', 'x-clickhouse-exception-code': code });
          res.end(message.startsWith('Code:') ? message : `Code: ${code}. DB::Exception: ${message}`);
        },
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // After the statement still running (a client that gave up left it): chDB keeps a session
      // closed under a statement bound to its directory, and refuses the process's next session.
      await queue;
      session.close();
    },
  };
}
