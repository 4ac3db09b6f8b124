import type { Logger } from 'pino';
import type { ChangeNotifications } from '../../db/change-notifications';
import { originMatches, parseBatch, toStored } from './site-tag.collect';
import type { CollectLimiter } from './site-tag.limits';
import type { SiteTagRepo, TaggedSite } from './site-tag.repo';
import type { SiteTagEventStore, StoredTagEvent } from './site-tag.store';

export interface CollectRequest {
  body: unknown;
  origin: string | undefined;
  ip: string;
  userAgent: string;
  /** From a CDN header (CF-IPCountry, CloudFront-Viewer-Country) when TRUST_PROXY is set; never looked up online. */
  country: string;
}

export interface CollectorOptions {
  repo: SiteTagRepo;
  store: SiteTagEventStore;
  log: Logger;
  /** Origins accepted for every site besides its own domain (the demo page on the portal's origin). */
  extraOrigins?: readonly string[];
  flushMs?: number;
  flushRows?: number;
  /** Refuse (429) rather than grow memory without bound when the store falls behind. */
  maxBufferedRows?: number;
  /** A site changed in any process (key rotated, deactivated): forget the cached sites. */
  changes?: ChangeNotifications;
  /** Per site key and per address limits (429 beyond them), synced across processes every `limitSyncMs`. */
  limiter?: CollectLimiter;
  limitSyncMs?: number;
  /** Called with the publishers of each batch once it is stored (the read cache drops their figures). */
  onStored?: (publisherIds: ReadonlySet<string>) => void;
}

const SITE_CACHE_MS = 60_000;

/**
 * Accepts beacons: everything is checked before anything is buffered, then rows wait here at most
 * `flushMs` (1 s) and go to the store in one appender batch. Sites and the day's salt are cached
 * per process; both come from PostgreSQL, so every process agrees.
 */
export function createSiteTagCollector(o: CollectorOptions) {
  const flushMs = o.flushMs ?? 1000;
  const flushRows = o.flushRows ?? 5000;
  const maxBuffered = o.maxBufferedRows ?? 200_000;
  const sites = new Map<string, { site: TaggedSite | null; at: number }>();
  const marked = new Set<string>();
  let salt: { dayNo: number; value: Promise<string> } | null = null;
  // Sites change rarely: any publisher's change clears them all (cheaper than mapping keys to ids).
  o.changes?.subscribe('publisher', () => sites.clear());
  let buffer: StoredTagEvent[] = [];
  let flushing: Promise<void> = Promise.resolve();
  // Rows accepted (answered 202), stored, lost to a failed append, and waiting or being appended:
  // for /metrics and the collection bench (every accepted event must end up stored).
  const stats = { accepted: 0, stored: 0, failed: 0, inFlight: 0 };
  const timer = flushMs > 0 ? setInterval(() => void flush(), flushMs) : null;
  timer?.unref();
  const limitSyncMs = o.limitSyncMs ?? 1000;
  const limitTimer = o.limiter && limitSyncMs > 0 ? setInterval(() => void o.limiter!.sync(), limitSyncMs) : null;
  limitTimer?.unref();

  async function siteOf(key: string): Promise<TaggedSite | null> {
    const now = Date.now();
    const hit = sites.get(key);
    if (hit && now - hit.at < (o.changes && !o.changes.listening() ? 1_000 : SITE_CACHE_MS)) return hit.site;
    if (sites.size > 10_000) sites.clear(); // random keys must not grow the cache forever
    const site = await o.repo.byKey(key);
    sites.set(key, { site, at: now });
    return site;
  }

  function saltOf(now: number): Promise<string> {
    // The UTC day as a number first: formatting the date for every beacon cost more than the rest of this.
    const dayNo = Math.floor(now / 86_400_000);
    if (salt?.dayNo !== dayNo) {
      const day = new Date(now).toISOString().slice(0, 10);
      const value = o.repo.saltFor(day);
      salt = { dayNo, value };
      value.catch(() => (salt = null));
    }
    return salt.value;
  }

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (buffer.length === 0) return;
      const rows = buffer;
      buffer = [];
      stats.inFlight = rows.length;
      try {
        await o.store.append(rows);
        stats.stored += rows.length;
        o.onStored?.(new Set(rows.map((r) => r.publisherId)));
      } catch (err) {
        stats.failed += rows.length;
        o.log.error({ err, rows: rows.length }, 'site tag events could not be stored');
      } finally {
        stats.inFlight = 0;
      }
    });
    return flushing;
  }

  return {
    async collect(req: CollectRequest): Promise<{ status: number; message?: string }> {
      const now = Date.now();
      const parsed = parseBatch(req.body, now);
      if (!parsed.ok) return { status: parsed.status, message: parsed.message };
      const site = await siteOf(parsed.batch.k);
      if (!site) return { status: 404, message: 'Unknown site key.' };
      if (!originMatches(req.origin, site.domain, o.extraOrigins))
        return { status: 403, message: "Origin does not match the site's domain." };
      if (buffer.length >= maxBuffered) return { status: 429, message: 'Busy, try again later.' };
      if (o.limiter && !o.limiter.take(parsed.batch.k, site.id, req.ip, parsed.batch.e.length))
        return { status: 429, message: 'Too many events from this site or address. Try again in a few seconds.' };
      const rows = toStored(parsed.batch, site, { ip: req.ip, ua: req.userAgent, country: req.country, salt: await saltOf(now) });
      for (const r of rows) buffer.push(r);
      stats.accepted += rows.length;
      if (!site.eventTrackerDataReceived && !marked.has(site.id)) {
        marked.add(site.id);
        o.repo.markReceived(site.id).catch((err: unknown) => {
          marked.delete(site.id);
          o.log.warn({ err }, 'could not mark event tracker data received');
        });
      }
      if (buffer.length >= flushRows) void flush();
      return { status: 202 };
    },
    flush,
    /** Sends the limits' spending and refused counts now (the timer does it every second). */
    syncLimits: () => o.limiter?.sync() ?? Promise.resolve(),
    stats: () => ({ accepted: stats.accepted, stored: stats.stored, failed: stats.failed, pending: buffer.length + stats.inFlight }),
    async close() {
      if (timer) clearInterval(timer);
      if (limitTimer) clearInterval(limitTimer);
      await o.limiter?.sync();
      await flush();
    },
  };
}
export type SiteTagCollector = ReturnType<typeof createSiteTagCollector>;
