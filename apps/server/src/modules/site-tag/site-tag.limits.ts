import type { Logger } from 'pino';
import type { BucketSpend, SiteTagLimitsRepo } from './site-tag.limits.repo';

export interface BucketLimit {
  /** Events per second, sustained. */
  rate: number;
  /** Events accepted at once from a full bucket. */
  burst: number;
}
export interface CollectLimits {
  perSite: BucketLimit;
  perAddress: BucketLimit;
}

interface Bucket {
  tokens: number;
  at: number;
  spent: number;
  limit: BucketLimit;
}

/** Beyond this many live buckets in one process, full idle ones are dropped at the next sync. */
const MAX_BUCKETS = 100_000;
/** Shared rows of idle buckets are deleted every this many syncs (about a minute). */
const SWEEP_EVERY = 60;

/**
 * Token buckets per site key and per client address for /t/collect. A beacon is checked against
 * this process's copy of both buckets (a map lookup: no database round trip per beacon); once a
 * second (`sync`) what was spent goes to PostgreSQL in one statement for every bucket used, and
 * the copy takes back what is left for all processes together. So N processes together accept
 * the limit, give or take one second's spending each; a bucket drained elsewhere is drained here
 * from the next sync on. Refused events are counted per site and UTC day, written with the sync.
 */
export function createCollectLimiter(o: { repo: SiteTagLimitsRepo; limits: CollectLimits; log: Logger; now?: () => number }) {
  const now = o.now ?? Date.now;
  const buckets = new Map<string, Bucket>();
  let refused = new Map<string, number>();
  let syncing: Promise<void> = Promise.resolve();
  let syncs = 0;

  function bucket(key: string, limit: BucketLimit, t: number): Bucket {
    let b = buckets.get(key);
    if (!b) {
      b = { tokens: limit.burst, at: t, spent: 0, limit };
      buckets.set(key, b);
    } else if (t > b.at) {
      b.tokens = Math.min(limit.burst, b.tokens + ((t - b.at) / 1000) * limit.rate);
      b.at = t;
    }
    return b;
  }

  async function syncNow(): Promise<void> {
    const spends: BucketSpend[] = [];
    const used: [string, Bucket][] = [];
    // Spent from, or not yet full: another process may have spent from it since (a full idle bucket
    // is skipped, so a sync costs the buckets in use, not every address seen).
    for (const [key, b] of buckets)
      if (b.spent > 0 || b.tokens < b.limit.burst) {
        spends.push({ key, spent: b.spent, rate: b.limit.rate, burst: b.limit.burst });
        used.push([key, b]);
        b.spent = 0;
      }
    const counts = refused;
    refused = new Map();
    const left = await o.repo.spend(spends);
    const t = now();
    for (const [key, b] of used) {
      const shared = left.get(key);
      // What this process spent since the statement ran is already off its own copy.
      if (shared !== undefined) bucket(key, b.limit, t).tokens = Math.min(b.tokens, shared - b.spent);
    }
    await o.repo.addRefused(counts, new Date(t).toISOString().slice(0, 10));
    if (++syncs % SWEEP_EVERY === 0) await o.repo.sweep();
    if (buckets.size > MAX_BUCKETS)
      for (const [key, b] of buckets) if (b.spent === 0 && bucket(key, b.limit, t).tokens >= b.limit.burst) buckets.delete(key);
  }

  return {
    /**
     * Takes `events` tokens from the site's and the address's buckets, or none when either has too
     * few: then the events are refused (counted for the site).
     */
    take(siteKey: string, siteId: string, address: string, events: number): boolean {
      const t = now();
      const site = bucket(`site:${siteKey}`, o.limits.perSite, t);
      const addr = bucket(`address:${address}`, o.limits.perAddress, t);
      if (site.tokens < events || addr.tokens < events) {
        refused.set(siteId, (refused.get(siteId) ?? 0) + events);
        return false;
      }
      site.tokens -= events;
      site.spent += events;
      addr.tokens -= events;
      addr.spent += events;
      return true;
    },
    /** One sync at a time; a failed one is logged and the next sync carries on. */
    sync(): Promise<void> {
      syncing = syncing.then(syncNow).catch((err: unknown) => o.log.warn({ err }, 'site tag collection limits could not be synced'));
      return syncing;
    },
  };
}
export type CollectLimiter = ReturnType<typeof createCollectLimiter>;
