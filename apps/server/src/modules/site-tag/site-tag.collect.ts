// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ua-parser-js 1.x has no types; programs that import this file (the bench) need the declaration too
/// <reference path="./ua-parser-js.d.ts" />
import { hash } from 'node:crypto';
import UAParser from 'ua-parser-js';
import type { StoredTagEvent } from './site-tag.store';
import { readBatch } from './site-tag.validate';
import { COLLECT_LIMITS, type TagBatch } from './site-tag.batch';

export type ParseResult = { ok: true; batch: TagBatch } | { ok: false; status: 400 | 413; message: string };

/** Body text -> a valid batch, or the 4xx to answer. Never throws. */
export function parseBatch(body: unknown, now: number): ParseResult {
  // sendBeacon posts text/plain; a fetch may send application/json, which Fastify has parsed.
  let json: unknown = body;
  if (typeof body === 'string') {
    if (body.length > COLLECT_LIMITS.maxBodyBytes) return { ok: false, status: 413, message: 'Batch too large.' };
    try {
      json = JSON.parse(body);
    } catch {
      return { ok: false, status: 400, message: 'Malformed JSON.' };
    }
  }
  const batch = readBatch(json, COLLECT_LIMITS.maxEvents);
  if (batch === 'too-many') return { ok: false, status: 413, message: 'Too many events in one batch.' };
  if (!batch) return { ok: false, status: 400, message: 'Invalid event batch.' };
  for (const e of batch.e) {
    if (e.ts > now + COLLECT_LIMITS.maxFutureMs || e.ts < now - COLLECT_LIMITS.maxAgeMs)
      return { ok: false, status: 400, message: 'Event timestamp out of range.' };
  }
  return { ok: true, batch };
}

/** The Origin must be the site's domain or one of its subdomains (www., m., ...). */
export function originMatches(origin: string | undefined, domain: string, extraOrigins: readonly string[] = []): boolean {
  if (!origin) return false;
  if (extraOrigins.includes(origin)) return true;
  const host = originHost(origin);
  return host !== '' && hostMatches(host, domain);
}

/** An origin's lower-case host ('' when it is not a URL): a site's beacons repeat a few origins. */
const originHost = memo(1000, (origin) => {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return '';
  }
});

/** The host is the domain or one of its subdomains. */
function hostMatches(host: string, domain: string): boolean {
  const d = domain.toLowerCase().replace(/^www\./, '');
  return host === d || host.endsWith('.' + d);
}

/** URL path -> template: ids, numbers, dates and long slugs become placeholders so pages group. */
export function templateOf(path: string): string {
  return cachedTemplate(path);
}

const cachedTemplate = memo(10_000, (path) => computeTemplate(path));

function computeTemplate(path: string): string {
  const parts = path
    .split('?')[0]!
    .split('/')
    .map((seg) => {
      if (seg === '') return seg;
      if (/^\d+$/.test(seg)) return ':n';
      if (/^[0-9a-f]{8,}$/i.test(seg) || /^[0-9a-f-]{36}$/i.test(seg)) return ':id';
      if (seg.length > 24 || (seg.match(/-/g) ?? []).length >= 3) return ':slug';
      return seg;
    });
  return parts.join('/') || '/';
}

const hostOf = (url: string): string => cachedHost(url);
const cachedHost = memo(10_000, (url) => computeHost(url));

function computeHost(url: string): string {
  try {
    return url ? new URL(url).hostname.replace(/^www\./, '') : '';
  } catch {
    return '';
  }
}

/** Source and medium as Plausible shows them: UTM first, else the referring host, else direct. */
export function sourceOf(referrer: string, siteDomain: string, utmSource: string, utmMedium: string) {
  const host = hostOf(referrer);
  const internal = host !== '' && hostMatches(host, siteDomain); // hostOf gave a lower-case hostname
  const source = utmSource || (internal ? '' : host) || 'direct';
  const medium =
    utmMedium || (!host || internal ? '(none)' : /google|bing|duckduckgo|yahoo|ecosia|baidu/.test(host) ? 'organic' : 'referral');
  return { host: internal ? '' : host, source, medium, internal };
}

/**
 * A small bounded memo: user agents and paths repeat across beacons, and parsing them was most of
 * a beacon's CPU time (ua-parser-js about 100 µs a call). Cleared when full rather than LRU: cheap,
 * and a flood of distinct values only costs the uncached path.
 */
function memo<T>(max: number, fn: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let v = cache.get(key);
    if (v === undefined) {
      if (cache.size >= max) cache.clear();
      v = fn(key);
      cache.set(key, v);
    }
    return v;
  };
}

const parseUa = memo(2000, (ua) => {
  const r = UAParser(ua);
  return { type: r.device.type, browser: r.browser.name ?? 'Other' };
});

export function deviceOf(ua: string, viewportWidth: number): { device: string; browser: string } {
  const r = parseUa(ua);
  const t = r.type;
  const device = t === 'mobile' || t === 'tablet' ? t : viewportWidth > 0 && viewportWidth < 768 ? 'mobile' : 'desktop';
  return { device, browser: r.browser };
}

/** Daily-salted visitor hash: the IP is only an input here and never leaves this function. */
export function visitorHash(salt: string, siteId: string, ip: string, ua: string): bigint {
  // The one-shot hash: same digest as createHash().update().digest(), without a Hash object per beacon.
  return hash('sha256', `${salt}|${siteId}|${ip}|${ua}`, 'buffer').readBigInt64BE(0);
}

export interface RequestFacts {
  ip: string;
  ua: string;
  country: string;
  salt: string;
}

/** Valid batch + request facts -> rows to store (referrer reduced to its host, no query strings). */
export function toStored(
  batch: TagBatch,
  site: { id: string; publisherId: string; domain: string; sampleOneIn?: number },
  req: RequestFacts,
): StoredTagEvent[] {
  const visitor = visitorHash(req.salt, site.id, req.ip, req.ua);
  const pv = batch.e.find((e) => e.t === 'pv');
  const { device, browser } = deviceOf(req.ua, pv?.t === 'pv' ? pv.vw : 0);
  return batch.e.map((e) => {
    const path = e.p.split('?')[0]!.split('#')[0]!;
    const row: StoredTagEvent = {
      ts: e.ts,
      publisherId: site.publisherId,
      siteId: site.id,
      kind: e.t,
      pageId: e.id,
      visitor,
      path,
      template: templateOf(path),
      entry: false,
      referrer: '',
      source: '',
      medium: '',
      campaign: '',
      device,
      browser,
      country: req.country,
      engagedMs: null,
      scrollPct: null,
      metric: '',
      value: null,
      attribution: '',
      // The site's current rate, not one the beacon claims (a forged rate would inflate counts);
      // a tag cached under an older rate (max-age 1 h) is counted at the new one until it expires.
      weight: site.sampleOneIn ?? 1,
    };
    if (e.t === 'pv') {
      const s = sourceOf(e.r, site.domain, e.us, e.um);
      Object.assign(row, { entry: !s.internal, referrer: s.host, source: s.source, medium: s.medium, campaign: e.uc });
    } else if (e.t === 'en') Object.assign(row, { engagedMs: e.et, scrollPct: e.sd });
    else Object.assign(row, { metric: e.n, value: e.v, attribution: e.a });
    return row;
  });
}
