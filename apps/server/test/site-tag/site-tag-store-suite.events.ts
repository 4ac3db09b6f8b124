import type { StoredTagEvent } from '../../src/modules/site-tag/site-tag.store';

/**
 * The site-tag store suite's events (site-tag-store-suite.ts), relative to today: the previous
 * period, closed days, open days, a sampled page view, engagement after midnight, another site of
 * the publisher and another publisher.
 */
export const DAY = 86_400_000;
const HOUR = 3_600_000;
export const today = Date.parse(new Date().toISOString().slice(0, 10));
export const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** `back` days before today, at `hour` UTC (today's events are early, so never in the future). */
export const at = (back: number, hour: number, minute = 0) => today - back * DAY + hour * HOUR + minute * 60_000;

export const base: StoredTagEvent = {
  ts: 0,
  publisherId: '1001',
  siteId: '5001',
  kind: 'pv',
  pageId: '',
  visitor: 0n,
  path: '/',
  template: '/article',
  entry: true,
  referrer: '',
  source: 'direct',
  medium: '(none)',
  campaign: '',
  device: 'desktop',
  browser: 'Chrome',
  country: 'US',
  engagedMs: null,
  scrollPct: null,
  metric: '',
  value: null,
  attribution: '',
  weight: 1,
};
const pv = (pageId: string, ts: number, over: Partial<StoredTagEvent>): StoredTagEvent => ({ ...base, pageId, ts, ...over });
const en = (page: StoredTagEvent, ts: number, engagedMs: number, scrollPct: number): StoredTagEvent => ({
  ...page,
  kind: 'en',
  ts,
  entry: false,
  engagedMs,
  scrollPct,
});
const wv = (page: StoredTagEvent, ts: number, metric: string, value: number, attribution = ''): StoredTagEvent => ({
  ...page,
  kind: 'wv',
  ts,
  entry: false,
  metric,
  value,
  attribution,
});

// Previous period (5 days back) and the range (3 days back to today) of publisher 1001.
const a0 = pv('a0', at(5, 9), { visitor: 10n, path: '/a' });
const a1 = pv('a1', at(3, 8), { visitor: 11n, path: '/a', source: 'google', medium: 'organic' });
const a2 = pv('a2', at(3, 9), { visitor: 11n, path: '/b', entry: false, source: '', medium: '' });
const a3 = pv('a3', at(2, 7), {
  visitor: 12n,
  path: '/a',
  source: 'facebook',
  medium: 'social',
  campaign: 'spring',
  device: 'mobile',
  browser: 'Safari',
  country: 'GB',
  template: '/home',
  weight: 2,
});
const a4 = pv('a4', at(1, 23, 50), { visitor: 13n, path: '/c', source: 'google', medium: 'organic', device: 'mobile', browser: 'Safari' });
const a5 = pv('a5', at(0, 0, 5), { visitor: 13n, path: '/a', entry: false, source: '', medium: '' });
const b1 = pv('b1', at(2, 10), {
  siteId: '5002',
  visitor: 21n,
  path: '/x',
  source: 'newsletter',
  medium: 'email',
  device: 'tablet',
  country: 'FR',
});
const b2 = pv('b2', at(0, 0, 10), { siteId: '5002', visitor: 21n, path: '/x', source: 'newsletter', medium: 'email', device: 'tablet' });
const c1 = pv('c1', at(1, 12), { publisherId: '1002', siteId: '5101', visitor: 31n, path: '/a' });

export const SUITE_EVENTS: StoredTagEvent[] = [
  a0,
  en(a0, at(5, 9, 1), 20_000, 40),
  a1,
  en(a1, at(3, 8, 1), 30_000, 50),
  en(a1, at(3, 8, 2), 45_000, 80),
  wv(a1, at(3, 8, 1), 'LCP', 1200),
  wv(a1, at(3, 8, 3), 'LCP', 1800, 'img.hero'),
  wv(a1, at(3, 8, 3), 'CLS', 0.05),
  a2,
  wv(a2, at(3, 9, 1), 'LCP', 2600, 'img.hero'),
  a3,
  en(a3, at(2, 7, 1), 10_000, 20),
  wv(a3, at(2, 7, 1), 'LCP', 4200, 'img.hero'),
  a4,
  // Reported after midnight: counts on the page view's day.
  en(a4, at(0, 0, 2), 5_000, 10),
  wv(a4, at(1, 23, 51), 'INP', 180),
  a5,
  wv(a5, at(0, 0, 6), 'LCP', 900),
  b1,
  wv(b1, at(2, 10, 1), 'LCP', 3000, 'h1'),
  b2,
  c1,
  en(c1, at(1, 12, 1), 99_000, 100),
  wv(c1, at(1, 12, 1), 'LCP', 9000, 'p'),
];

export const sale = (back: number, siteId: string, productType: string, revenue: number) => ({
  date: iso(today - back * DAY),
  publisherId: siteId === '5101' ? '1002' : '1001',
  siteId,
  productType,
  size: '300x250',
  brand: 'Acme',
  dealName: '',
  dealId: '',
  impressions: 1000,
  revenue,
  netRevenue: revenue * 0.8,
});
