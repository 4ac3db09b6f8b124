import { createKeptReads } from '../../lib/concurrency/kept-reads';
import { COLLECT_LIMITS } from './site-tag.batch';
import { rangeMs } from './site-tag.queries';

/** The figures the cache holds: each is an aggregation of raw tag events in the fact store. */
export type SiteTagFigure = 'audience' | 'performance' | 'adRevenue';

/** Everything that decides a figure's answer (the site names of ad revenue are put back per request). */
export interface SiteTagReadKey {
  figure: SiteTagFigure;
  publisherId: string;
  /** null: all the publisher's sites. */
  siteId: string | null;
  from: string;
  to: string;
}

export interface SiteTagReadCacheOptions {
  /** How long an answer that may still grow is served again; the product promises page views "within seconds of a visit". */
  freshMs?: number;
  /** How long an answer no new tag event can change is served again (closed ranges, see `isClosed`). */
  closedMs?: number;
  maxEntries?: number;
  now?: () => number;
}

// 5 s: the tag verification promises "Page views appear in the audience overview within seconds of
// a visit", and the collector already holds events up to 1 s before storing them. Events this
// process stores drop their publisher's answers at once (dropPublisher); the window only bounds how
// late events collected by another process (ClickHouse, several processes) show here.
export const SITE_TAG_READ_FRESH_MS = 5_000;
// A minute for ranges the collector can no longer add to: what still changes them is retention
// deleting old days, which may show a minute late without harm.
export const SITE_TAG_READ_CLOSED_MS = 60_000;
// An answer is a few kB to a few tens of kB (top pages, sources, countries): 500 stay well under
// 20 MB, and hold the dashboard's ranges of hundreds of publishers.
export const SITE_TAG_READ_MAX_ENTRIES = 500;
// Beyond the collector's age limit: the store's flush delay and clocks of other processes a little behind.
const CLOSED_SLACK_MS = 5 * 60_000;

/**
 * A range the collector can no longer add to: it refuses events older than maxAgeMs, so once the
 * range's end is that far behind (plus slack) no new event lands in it. Ad revenue is never closed:
 * it also reads the revenue facts, and an import may rewrite any past day.
 */
export function isClosed(key: SiteTagReadKey, now: number): boolean {
  return key.figure !== 'adRevenue' && rangeMs(key.from, key.to).end + COLLECT_LIMITS.maxAgeMs + CLOSED_SLACK_MS <= now;
}

/**
 * The site-tag figures of the last few seconds, so that the many users of one publisher opening
 * the dashboard do not each aggregate the same raw events again. Concurrent identical requests
 * share one computation; an answer is kept for a window counted from when its computation started
 * (so it is never older than the window); failures are not kept; the least recently used answer
 * goes first beyond `maxEntries`, after the answers past their window. Per process: each process's
 * own events drop its own answers. The mechanism is lib/concurrency/kept-reads.ts (shared with the
 * report cache); this file keeps the site-tag policy, the windows.
 */
export function createSiteTagReadCache(o: SiteTagReadCacheOptions = {}) {
  const freshMs = o.freshMs ?? SITE_TAG_READ_FRESH_MS;
  const closedMs = o.closedMs ?? SITE_TAG_READ_CLOSED_MS;
  const kept = createKeptReads({
    maxEntries: o.maxEntries ?? SITE_TAG_READ_MAX_ENTRIES,
    now: o.now,
    // Served to every caller while it runs, then for its window.
    fresh: (read, t) => !read.settled || read.started + read.keepMs > t,
    dropStaleFirst: true,
  });

  return {
    /** The cached answer for `key`, or `compute`'s, shared with every identical request meanwhile. */
    get<T>(key: SiteTagReadKey, compute: () => Promise<T>): Promise<T> {
      const id = JSON.stringify([key.figure, key.publisherId, key.siteId, key.from, key.to]);
      return kept.read(key.publisherId, id, compute, {
        keepMs: (started) => (isClosed(key, started) ? closedMs : freshMs),
      });
    },
    /** Events of the publisher were stored: its answers (and computations under way) no longer count. */
    dropPublisher(publisherId: string): void {
      kept.drop(publisherId);
    },
    size: () => kept.size,
  };
}
export type SiteTagReadCache = ReturnType<typeof createSiteTagReadCache>;
