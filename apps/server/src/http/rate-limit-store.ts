import { sql } from 'kysely';
import type { Db } from '../db/pool';

/**
 * The request rate limits' counters in PostgreSQL, so N server processes together allow
 * one limit, not N. A fixed window per route and caller: one upsert per limited request (a single
 * round trip on an UNLOGGED table, no WAL), timed by the database's clock so processes agree on
 * when a window ends. Only routes that declare `config.rateLimit` pay for it (sign-in, invitations,
 * password change, /mp, "test now"); every other request never touches this table.
 */
export function rateLimitRepo(db: Db) {
  return {
    /** Counts one hit; returns the hits in the current window and the milliseconds it has left. */
    async hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
      const { rows } = await sql<{ hits: number; ttl: number }>`
        INSERT INTO rate_limit_counters AS c (key, hits, expires_at)
        VALUES (${key}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN c.expires_at <= clock_timestamp() THEN 1 ELSE c.hits + 1 END,
          expires_at = CASE WHEN c.expires_at <= clock_timestamp() THEN EXCLUDED.expires_at ELSE c.expires_at END
        RETURNING c.hits, greatest(0, ceil(extract(epoch FROM c.expires_at - clock_timestamp()) * 1000))::int AS ttl
      `.execute(db);
      return { current: rows[0]!.hits, ttl: rows[0]!.ttl };
    },
    /** The current window's hits without counting one (the plugin's `{ increment: false }`). */
    async read(key: string): Promise<{ current: number; ttl: number }> {
      const { rows } = await sql<{ hits: number; ttl: number }>`
        SELECT hits, greatest(0, ceil(extract(epoch FROM expires_at - clock_timestamp()) * 1000))::int AS ttl
        FROM rate_limit_counters WHERE key = ${key} AND expires_at > clock_timestamp()
      `.execute(db);
      return rows[0] ? { current: rows[0].hits, ttl: rows[0].ttl } : { current: 0, ttl: 0 };
    },
    /** Drops windows that ended (any process may do it; the rows are recreated on the next hit). */
    async sweep(): Promise<number> {
      const res = await db
        .deleteFrom('rate_limit_counters')
        .where('expires_at', '<', sql<Date>`clock_timestamp()`)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * A `store` for @fastify/rate-limit over `rateLimitRepo`. The plugin makes one child per route
 * (`child`), so each route keeps its own counters, as with the plugin's in-memory store. The
 * plugin's `continueExceeding` and `exponentialBackoff` modes are not supported (no route uses them):
 * asking for them fails at start-up rather than silently counting differently.
 */
export function postgresRateLimitStore(db: Db) {
  const repo = rateLimitRepo(db);
  return class PostgresRateLimitStore {
    private readonly prefix: string;

    constructor(_globalOptions?: unknown, prefix = 'global:') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      repo.hit(this.prefix + key, timeWindow).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback): void {
      repo.read(this.prefix + key).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    // The plugin passes the route's merged rate-limit options (typed there as the route's options).
    child(routeOptions: object): PostgresRateLimitStore {
      const options = routeOptions as ChildOptions;
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('the PostgreSQL rate-limit store supports neither continueExceeding nor exponentialBackoff');
      }
      const method = [options.routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(undefined, `${method} ${options.routeInfo?.url ?? ''}:`);
    }
  };
}

/** Sweeps ended windows every `everyMs` so the table stays as small as the live callers. */
export function sweepRateLimitCounters(db: Db, everyMs = 60_000): () => void {
  const repo = rateLimitRepo(db);
  const timer = setInterval(() => void repo.sweep().catch(() => undefined), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
