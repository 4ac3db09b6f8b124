import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './schema';
import { finishesWithin } from '../lib/time/finishes-within';

// BIGINT/NUMERIC come back as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
// DATE columns stay 'YYYY-MM-DD' strings: a Date would shift with the server's time zone.
pg.types.setTypeParser(1082, (v) => v);

export type Db = Kysely<Database>;

/** How long close() waits for the pool's connections to end. */
const CLOSE_WAIT_MS = 2000;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

/**
 * One pool for the process. Idle-client errors (e.g. PostgreSQL restarting) are logged instead of
 * crashing the process; the pool replaces broken connections on the next checkout.
 */
/**
 * Every statement has a time-out: a query stuck on a lock or a database that stops
 * answering fails after `statementTimeoutMs` instead of holding a request (and a pool slot) forever.
 * Enforced by PostgreSQL (set per connection); a server that does not answer at all is bounded
 * where it matters by the caller (/readyz). Migrations lift it for their own session (migrate.ts).
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 60_000;

export function openDatabase(url: string, log: Logger, max = 20, statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    statement_timeout: statementTimeoutMs,
  });
  pool.on('error', (err) => log.warn({ err: err.message }, 'idle database connection lost'));
  // pg-pool's end() resolves once it has asked each connection to end, not once they have: a
  // database stopped right after (the embedded one at shutdown) would still find them open, and
  // terminate them with an error each. close() waits for their sockets to close.
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    url,
    async close() {
      await db.destroy();
      const ended = Promise.all([...open].map((client) => new Promise((resolve) => client.once('end', resolve))));
      // Bounded: a database that does not answer the goodbye does not hold the shutdown.
      await finishesWithin(ended, CLOSE_WAIT_MS);
    },
  };
}
