import { templateOf } from '../site-tag.collect';

/** One site-day of generated traffic. */
export interface DemoTrafficDay {
  publisherId: string;
  siteId: string;
  /** UTC midnight of the day, epoch ms. */
  dayMs: number;
  pageViews: number;
  /** Multiplies every page's LCP, FCP and INP (a slow week shows up in performance and RPM by LCP). */
  slowness: number;
  /** Typical LCP of the site on desktop, ms. */
  lcpMs: number;
  countries: readonly string[];
  /** The site's sample rate, one in N (default 1): `pageViews` are the recorded ones, each weighing N. */
  sampleOneIn?: number;
}

/** Page ids of generated events start with this, so a re-seed can replace them and keep real ones. */
export const DEMO_PAGE_PREFIX = 'demo-';

const ARTICLES = [
  'city-council-approves-new-harbour-plan',
  'ten-weekend-walks-along-the-coast',
  'what-the-rate-decision-means-for-you',
  'local-team-wins-in-extra-time',
  'how-to-plan-a-budget-family-trip',
  'the-best-autumn-recipes-this-year',
  'school-reopens-after-renovation',
  'new-rail-line-opens-next-spring',
  'inside-the-new-city-library',
  'readers-share-their-favourite-cafes',
];

/** (path, element the LCP points at): the earlier entries are the more popular (skewed pick below). */
const PAGES: readonly (readonly [string, string])[] = [
  ['/', 'img.hero'],
  ...ARTICLES.map((a, i) => [`/news/${2026 - (i % 2)}/${a}`, i % 3 === 0 ? 'img.article-lead' : 'h1.headline'] as const),
  ['/sport/results/48213', 'picture.match-photo'],
  ['/sport/results/48214', 'picture.match-photo'],
  ['/gallery/1182', 'img.gallery-item'],
  ['/gallery/1190', 'img.gallery-item'],
  ['/weather', 'div.forecast-map'],
  ['/search', 'h1'],
  ['/about', 'p'],
];

/** Entry sources with their share of visits: (lo, hi, referrer host, source, medium, campaign). */
const SOURCES: readonly (readonly [number, number, string, string, string, string])[] = [
  [0, 0.37, 'google.com', 'google.com', 'organic', ''],
  [0.37, 0.62, '', 'direct', '(none)', ''],
  [0.62, 0.74, 'facebook.com', 'facebook.com', 'referral', ''],
  [0.74, 0.82, '', 'newsletter', 'email', 'weekly-digest'],
  [0.82, 0.87, 'bing.com', 'bing.com', 'organic', ''],
  [0.87, 0.91, 'x.com', 'x.com', 'referral', ''],
  [0.91, 0.94, 'reddit.com', 'reddit.com', 'referral', ''],
  [0.94, 0.96, 'duckduckgo.com', 'duckduckgo.com', 'organic', ''],
  [0.96, 0.98, '', 'partner-site', 'cpc', 'autumn-promo'],
  [0.98, 1.01, 'flipboard.com', 'flipboard.com', 'referral', ''],
];

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** A uniform number in [0, 1) from 20 bits of a DuckDB hash. */
const u = (h: string, shift: number) => `(((${h} >> ${shift}) % 1048576) / 1048576.0)`;

/**
 * One INSERT ... SELECT that makes every row in DuckDB: page views, engagement for about half of
 * them and the five Core Web Vitals for a tenth (not every visit stays long enough to report).
 * Randomness is DuckDB's hash() of (day seed, row number): the same plan gives the same rows.
 * Millions of rows take seconds, which a JS appender loop would not.
 */
export function demoEventsSql(days: readonly DemoTrafficDay[]): string {
  for (const d of days)
    if (!/^[\w-]+$/.test(d.siteId) || !/^[\w-]+$/.test(d.publisherId) || d.countries.some((c) => !/^[A-Z]{2}$/.test(c)))
      throw new Error('demo plan: unexpected id or country');
  const plan = days
    .map(
      (d, i) =>
        `(${q(d.publisherId)}, ${q(d.siteId)}, ${Math.trunc(d.dayMs)}::BIGINT, ${Math.max(0, Math.round(d.pageViews))}, ` +
        `${d.slowness}, ${d.lcpMs}, [${d.countries.map(q).join(', ')}], ${i + 1}, ${Math.max(1, Math.trunc(d.sampleOneIn ?? 1))})`,
    )
    .join(',\n');
  const pages = PAGES.map(([p, el], i) => `(${i}, ${q(p)}, ${q(templateOf(p))}, ${q(el)})`).join(', ');
  // One row per percent, so picking a source is an equality (hash) join, not a range join.
  const sources = Array.from({ length: 100 }, (_, pct) => {
    const s = SOURCES.find(([lo, hi]) => pct / 100 >= lo && pct / 100 < hi) ?? SOURCES[0]!;
    return `(${pct}, ${q(s[2])}, ${q(s[3])}, ${q(s[4])}, ${q(s[5])})`;
  }).join(', ');
  return `INSERT INTO site_tag_events
WITH plan(publisher_id, site_id, day_ms, pv, slowness, lcp_ms, countries, seed, weight) AS (VALUES ${plan}),
pages(idx, path, template, lcp_el) AS (VALUES ${pages}),
sources(pct, referrer, source, medium, campaign) AS (VALUES ${sources}),
n AS (SELECT plan.*, unnest(range(pv)) AS i FROM plan),
-- hash(a, b, k) combines by XOR, so streams differing only in k would correlate: each stream hashes a distinct number.
h0 AS (SELECT n.*, hash(seed, day_ms, i) >> 8 AS h0 FROM n),
h AS (SELECT h0.*, hash(h0 + 1) AS h1, hash(h0 + 2) AS h2, hash(h0 + 3) AS h3 FROM h0),
r AS (
  SELECT h.*,
    day_ms + CAST(43200000 * (${u('h1', 0)} + ${u('h1', 20)}) AS BIGINT) AS ts,
    CAST(floor(pow(${u('h1', 40)}, 1.8) * ${PAGES.length}) AS INTEGER) AS page_idx,
    ${u('h2', 0)} AS u_dev, ${u('h2', 20)} AS u_br, ${u('h2', 40)} AS u_src,
    ${u('h3', 0)} AS u_entry, ${u('h3', 20)} AS u_vis, ${u('h3', 40)} AS u_cty
  FROM h),
pv AS (
  SELECT r.ts, r.publisher_id, r.site_id, '${DEMO_PAGE_PREFIX}' || r.seed || '-' || r.day_ms || '-' || r.i AS page_id,
    -- About 2.3 page views per visitor a day (the real salt rotates daily too).
    CAST(hash(r.site_id, r.day_ms, CAST(floor(r.u_vis * (r.pv / 2.3 + 1)) AS BIGINT)) >> 1 AS BIGINT) AS visitor,
    p.path, p.template, p.lcp_el, r.u_entry < 0.62 AS entry,
    r.u_src, r.slowness, r.lcp_ms, r.h0, r.weight,
    CASE WHEN r.u_dev < 0.58 THEN 'mobile' WHEN r.u_dev < 0.93 THEN 'desktop' ELSE 'tablet' END AS device,
    r.u_br, r.countries[1 + CAST(floor(r.u_cty * len(r.countries)) AS INTEGER)] AS country
  FROM r JOIN pages p ON p.idx = r.page_idx),
pv2 AS (
  SELECT pv.*,
    CASE device
      WHEN 'mobile' THEN CASE WHEN u_br < 0.55 THEN 'Chrome' WHEN u_br < 0.9 THEN 'Mobile Safari' ELSE 'Samsung Internet' END
      WHEN 'tablet' THEN CASE WHEN u_br < 0.7 THEN 'Mobile Safari' ELSE 'Chrome' END
      ELSE CASE WHEN u_br < 0.62 THEN 'Chrome' WHEN u_br < 0.76 THEN 'Edge' WHEN u_br < 0.88 THEN 'Safari' ELSE 'Firefox' END
    END AS browser,
    CASE device WHEN 'mobile' THEN 1.45 WHEN 'tablet' THEN 1.2 ELSE 1.0 END AS dev_factor,
    hash(h0 + 4) AS h4, hash(h0 + 5) AS h5
  FROM pv)
SELECT ts, publisher_id, site_id, 'pv', page_id, visitor, path, template, entry,
  CASE WHEN entry THEN s.referrer ELSE '' END, CASE WHEN entry THEN s.source ELSE 'direct' END,
  CASE WHEN entry THEN s.medium ELSE '(none)' END, CASE WHEN entry THEN s.campaign ELSE '' END,
  device, browser, country, NULL, NULL, '', NULL, '', weight
FROM pv2 JOIN sources s ON s.pct = CAST(floor(pv2.u_src * 100) AS INTEGER)
UNION ALL
SELECT ts + engaged, publisher_id, site_id, 'en', page_id, visitor, path, template, false, '', '', '', '',
  device, browser, country, CAST(engaged AS INTEGER), CAST(15 + floor(85 * sqrt(${u('h4', 20)})) AS INTEGER), '', NULL, '', weight
FROM (SELECT pv2.*, CAST(2000 + 240000 * pow(${u('h4', 40)}, 2.2) AS BIGINT) AS engaged FROM pv2 WHERE ${u('h4', 0)} < 0.55)
UNION ALL
SELECT ts + 3000, publisher_id, site_id, 'wv', page_id, visitor, path, template, false, '', '', '', '',
  device, browser, country, NULL, NULL, m.metric,
  round(CASE m.metric
    WHEN 'LCP' THEN lcp_ms * slowness * dev_factor * (0.45 + 1.1 * ${u('h5', 20)}) * (CASE WHEN template LIKE '/gallery%' THEN 1.35 ELSE 1 END)
    WHEN 'FCP' THEN lcp_ms * slowness * dev_factor * (0.3 + 0.5 * ${u('h5', 20)})
    WHEN 'TTFB' THEN 180 + 650 * pow(${u('h5', 40)}, 2) * slowness
    WHEN 'INP' THEN 40 + 170 * dev_factor * pow(${u('h5', 40)}, 1.6) * slowness
    ELSE 0.01 + (CASE WHEN template LIKE '/gallery%' THEN 0.3 ELSE 0.14 END) * pow(${u('h5', 20)}, 2.5)
  END, CASE WHEN m.metric = 'CLS' THEN 3 ELSE 0 END),
  CASE m.metric WHEN 'LCP' THEN lcp_el WHEN 'CLS' THEN 'div.ad-slot' WHEN 'INP' THEN 'button.menu-toggle' ELSE '' END,
  weight
FROM pv2 CROSS JOIN (VALUES ('LCP'), ('INP'), ('CLS'), ('FCP'), ('TTFB')) m(metric)
WHERE ${u('h5', 0)} < 0.1`;
}
