import { sql } from 'kysely';
import type { Db } from '../db/pool';
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

interface Entry {
  publisherId: string;
  at: number;
  rows: number;
  value: Promise<unknown>;
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
 * first when either bound is reached.
 */
export function createReportCache(opts: ReportCacheOptions = {}): ReportCache {
  const maxEntries = opts.maxEntries ?? 500;
  const maxRows = opts.maxRows ?? 100_000;
  const now = opts.now ?? Date.now;
  // Map order is use order: a hit is moved to the end, eviction takes from the front.
  const entries = new Map<string, Entry>();
  let rows = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    rows -= entry.rows;
    entries.delete(key);
  };
  const invalidate = (publisherId: string | null) => {
    for (const [key, entry] of entries) if (publisherId === null || entry.publisherId === publisherId) remove(key);
  };
  const evict = () => {
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries && rows <= maxRows) return;
      remove(key);
    }
  };
  opts.changes?.subscribe(REPORTS_TOPIC, invalidate);
  opts.changes?.subscribe('publisher', invalidate);

  function read<T>(publisherId: string, key: string, compute: () => Promise<T>, rowsOf: (value: T) => number): Promise<T> {
    const hit = entries.get(key);
    const ttl = opts.changes?.listening() ? LISTENED_TTL_MS : UNLISTENED_TTL_MS;
    if (hit && now() - hit.at < ttl) {
      entries.delete(key);
      entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    remove(key);
    const value = compute();
    const entry: Entry = { publisherId, at: now(), rows: 0, value };
    entries.set(key, entry);
    value.then(
      (result) => {
        // Dropped meanwhile (a change, eviction): not put back.
        if (entries.get(key) !== entry) return;
        entry.rows = rowsOf(result) + 1;
        rows += entry.rows;
        evict();
      },
      () => {
        if (entries.get(key) === entry) remove(key);
      },
    );
    evict();
    return value;
  }

  return {
    get: (query, compute) => read(query.publisherId, reportCacheKey(query), compute, (r) => r.rows.length),
    read,
    invalidate,
    get size() {
      return entries.size;
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
