import type { CrawlHop } from './crawl-types';

export interface CacheWindow {
  maxAgeSeconds: number | null;
  source: 'cache-control' | 'expires' | 'none';
  note: string;
}

function duration(seconds: number): string {
  if (seconds < 120) return `${seconds} seconds`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} minutes`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} hours`;
  return `${Math.round(seconds / 86_400)} days`;
}

/**
 * When buyers' crawlers will see a change: they may keep their copy as long as the final answer's
 * caching headers allow (Cache-Control max-age / s-maxage, else Expires), and IAB ads.txt 1.1 asks
 * them to re-crawl at least weekly; in practice most do so daily.
 */
export function cacheWindow(hop: CrawlHop | undefined, fetchedAt: Date): CacheWindow {
  const crawlCadence = 'Buyers’ crawlers usually re-read ads.txt daily (at least weekly, per IAB ads.txt 1.1)';
  if (!hop) return { maxAgeSeconds: null, source: 'none', note: `${crawlCadence}.` };
  const cc = hop.cacheControl?.toLowerCase() ?? '';
  if (/\bno-store\b|\bno-cache\b/.test(cc))
    return {
      maxAgeSeconds: 0,
      source: 'cache-control',
      note: `The file may not be cached, so a change is seen at the next crawl. ${crawlCadence}.`,
    };
  const m = /\bs-maxage=(\d+)/.exec(cc) ?? /\bmax-age=(\d+)/.exec(cc);
  if (m) {
    const s = Number(m[1]);
    return {
      maxAgeSeconds: s,
      source: 'cache-control',
      note: `Crawlers may keep their copy for up to ${duration(s)} (Cache-Control), so a change can take that long after their next crawl to count. ${crawlCadence}.`,
    };
  }
  const expires = hop.expires ? Date.parse(hop.expires) : NaN;
  if (Number.isFinite(expires)) {
    const s = Math.max(0, Math.round((expires - fetchedAt.getTime()) / 1000));
    return {
      maxAgeSeconds: s,
      source: 'expires',
      note: `Crawlers may keep their copy until ${new Date(expires).toUTCString()} (Expires header). ${crawlCadence}.`,
    };
  }
  return { maxAgeSeconds: null, source: 'none', note: `The file carries no caching headers. ${crawlCadence}.` };
}
