import { sql } from 'kysely';
import type { Db } from '../db/pool';
import { createKeptReads } from '../lib/concurrency/kept-reads';
import { CACHE_CHANNEL, type ChangeNotifications } from '../db/change-notifications';
import type { ReportQuery, ReportResult } from '../report-engine/report-engine';

/** The change-notification topic of report figures; payload `reports:<publisherId>`. */
export const REPORTS_TOPIC = 'reports';

/** Safety net only: every change that alters a report reaches every process by NOTIFY. */
const LISTENED_TTL_MS = 10 * 60_000;
/** While the listener is down (or absent) a change may go unheard: keep entries briefly. */
const UNLISTENED_TTL_MS = 1_000;

export interface ReportCacheOptions {
  /** Tells this process what other processes (and this one) changed; without it entries live 1 s. */
  changes?: ChangeNotifications;
  /** At most this many cached results... */
  maxEntries?: number;
  /** ...holding at most this many rows together (a 500-row page is ~100 kB), so memory is bounded. */
  maxRows?: number;
  now?: () => number;
}

export interface ReportCache {
  /** The result of `query`, computed by `compute` unless an unchanged one is cached. */
  get(query: ReportQuery, compute: () => Promise<ReportResult>): Promise<ReportResult>;
  /**
   * Any other read of one publisher's facts under its own `key` (which must name the read and
   * everything that decides its answer); `rowsOf` weighs the answer against the row bound.
   */
  read<T>(publisherId: string, key: string, compute: () => Promise<T>, rowsOf: (value: T) => number): Promise<T>;
  /** Drops one publisher's entries (null: all). */
  invalidate(publisherId: string | null): void;
  readonly size: number;
}

/** Everything that decides a result, in a fixed order: the same report asked twice has one key. */
export function reportCacheKey(q: ReportQuery): string {
  return JSON.stringify([
    q.publisherId,
    q.reportType,
    q.dateFrom,
    q.dateTo,
    q.interval,
    q.dimensions,
    q.metrics,
    q.filters ?? [],
    q.sort ?? null,
    q.limit ?? null,
  ]);
}

/**
 * Interactive report results per (publisher, query shape, range), per process. Any
 * ingest, finalization or site rename NOTIFYs `reports:<publisher>` (notifyReportsChanged), and a
 * publisher's details changing NOTIFYs `publisher:<id>` (migration 0102): every process drops that
 * publisher's entries on commit. Entries hold the computation's promise, so a drop also removes a
 * result still being computed from data read before the change. Least recently used entries go
 * first when either bound is reached (the mechanism is lib/concurrency/kept-reads.ts; this file
 * keeps the report policy: NOTIFY invalidation, the lifetimes and the row bound).
 */
export function createReportCache(opts: ReportCacheOptions = {}): ReportCache {
  const kept = createKeptReads({
    maxEntries: opts.maxEntries ?? 500,
    maxWeight: opts.maxRows ?? 100_000,
    now: opts.now,
    fresh: (entry, now) => now - entry.started < (opts.changes?.listening() ? LISTENED_TTL_MS : UNLISTENED_TTL_MS),
  });
  const invalidate = (publisherId: string | null) => kept.drop(publisherId);
  opts.changes?.subscribe(REPORTS_TOPIC, invalidate);
  opts.changes?.subscribe('publisher', invalidate);

  // One row more than the answer's: an empty result still takes room.
  const read = <T>(publisherId: string, key: string, compute: () => Promise<T>, rowsOf: (value: T) => number) =>
    kept.read(publisherId, key, compute, { weigh: (value) => rowsOf(value) + 1 });

  return {
    get: (query, compute) => read(query.publisherId, reportCacheKey(query), compute, (r) => r.rows.length),
    read,
    invalidate,
    get size() {
      return kept.size;
    },
  };
}

/**
 * Tells every process (this one included) that these publishers' report figures changed. Call it
 * after the change is visible to queries (the engine's write has returned); inside a transaction
 * it is sent on commit.
 */
export async function notifyReportsChanged(db: Db, publisherIds: Iterable<string>): Promise<void> {
  for (const id of new Set(publisherIds)) await sql`SELECT pg_notify(${CACHE_CHANNEL}, ${`${REPORTS_TOPIC}:${id}`})`.execute(db);
}
