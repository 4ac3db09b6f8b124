import { rateVital, type AdRevenueOverview, type VitalRating } from '@pc/contracts';
import { num, rangeMs, type Scope } from './site-tag.queries';
import { chAdRevenueRows } from './site-tag.clickhouse-queries';
import { ensureRollup, lcpDailySql } from './site-tag.rollup';
import type { SiteTagEventStore } from './site-tag.store';

const rpm = (revenue: number, pageViews: number) => (pageViews > 0 ? Math.round((revenue / pageViews) * 1000 * 100) / 100 : null);
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Ad revenue's three row sets on DuckDB: closed days from the daily rollups (page views, p75 LCP), the open ones from the raw events. */
async function duckDbAdRevenueRows(store: SiteTagEventStore, s: Scope, start: number, end: number, prevStart: number) {
  // DuckDB refuses parameters a statement does not use: each query gets exactly its own.
  const scope = { pub: s.publisherId, site: s.siteId ?? '' };
  const df = s.from;
  const dt = iso(end - 1);
  const siteFilter = `($site = '' OR site_id = $site)`;
  const rolled = (await ensureRollup(store, df, dt)) ?? iso(start - DAY_MS);
  const rs = Math.max(start, Date.parse(`${rolled}T00:00:00Z`) + DAY_MS);
  return Promise.all([
    store.query(
      `WITH pv AS (
         SELECT site_id, strftime(day, '%Y-%m-%d') AS d, sum(pv) AS n FROM site_tag_daily
         WHERE publisher_id = $pub AND ${siteFilter} AND dim = 'total' AND day BETWEEN CAST($df AS DATE) AND CAST($rolled AS DATE) GROUP BY ALL
         UNION ALL
         SELECT site_id, strftime(epoch_ms(ts), '%Y-%m-%d') AS d, sum(weight) AS n FROM site_tag_events
         WHERE publisher_id = $pub AND ${siteFilter} AND ts >= $rs AND ts < $end AND kind = 'pv' GROUP BY ALL),
       lcp AS (
         SELECT site_id, strftime(day, '%Y-%m-%d') AS d, p75 FROM site_tag_lcp_daily
         WHERE publisher_id = $pub AND ${siteFilter} AND day BETWEEN CAST($df AS DATE) AND CAST($rolled AS DATE)
         UNION ALL
         SELECT site_id, strftime(day, '%Y-%m-%d') AS d, p75 FROM (${lcpDailySql(`publisher_id = $pub AND ${siteFilter} AND ts >= $rs AND ts < $end`)})),
       rev AS (
         SELECT site_id, strftime(date, '%Y-%m-%d') AS d, sum(revenue) AS r FROM revenue_sales
         WHERE publisher_id = $pub AND ${siteFilter} AND date BETWEEN CAST($df AS DATE) AND CAST($dt AS DATE) GROUP BY ALL)
       SELECT coalesce(pv.site_id, rev.site_id) AS site_id, coalesce(pv.d, rev.d) AS d, coalesce(pv.n, 0) AS n,
              coalesce(rev.r, 0) AS r, lcp.p75
       FROM pv FULL JOIN rev ON pv.site_id = rev.site_id AND pv.d = rev.d
       LEFT JOIN lcp ON lcp.site_id = coalesce(pv.site_id, rev.site_id) AND lcp.d = coalesce(pv.d, rev.d)
       ORDER BY d, site_id`,
      { ...scope, end, df, dt, rolled, rs },
    ),
    store.query(
      `SELECT product_type AS p, sum(revenue) AS r FROM revenue_sales WHERE publisher_id = $pub AND ${siteFilter}
       AND date BETWEEN CAST($df AS DATE) AND CAST($dt AS DATE) GROUP BY 1 ORDER BY r DESC, p`,
      { ...scope, df, dt },
    ),
    store.query(
      `SELECT site_id, sum(revenue) AS r FROM revenue_sales WHERE publisher_id = $pub AND ${siteFilter}
       AND date >= CAST($pf AS DATE) AND date < CAST($df AS DATE) GROUP BY 1`,
      { ...scope, df, pf: iso(prevStart) },
    ),
    // The days whose revenue facts have arrived, for the whole publisher (see addSiteDay).
    store.query(
      `SELECT DISTINCT strftime(date, '%Y-%m-%d') AS d FROM revenue_sales
       WHERE publisher_id = $pub AND date BETWEEN CAST($df AS DATE) AND CAST($dt AS DATE) ORDER BY d`,
      { pub: s.publisherId, df, dt },
    ),
  ]);
}

interface SiteSums {
  revenue: number;
  pageViews: number;
  /** Page RPM's parts: revenue and page views of the site-days it counts. */
  rpmRevenue: number;
  rpmPageViews: number;
}

/**
 * Page RPM counts like with like, for the totals and every site by the same rule: only days whose
 * revenue facts have arrived (they come a day after the tag's page views, so today's views must
 * not be divided into revenue that is not in yet), and only revenue of site-days the tag measured
 * (an untagged site, or a site before its tag, must not inflate it). A day has revenue data when
 * the publisher has facts for it, so a tagged site that earned nothing that day counts its views.
 */
function addSiteDay(t: SiteSums, revenue: number, pageViews: number, revenueDataIn: boolean): SiteSums {
  return {
    revenue: t.revenue + revenue,
    pageViews: t.pageViews + pageViews,
    rpmRevenue: t.rpmRevenue + (revenueDataIn && pageViews > 0 ? revenue : 0),
    rpmPageViews: t.rpmPageViews + (revenueDataIn ? pageViews : 0),
  };
}

/**
 * Page RPM joins the report facts (revenue_sales, in the same DuckDB file or ClickHouse database)
 * with the tag's page views per site and day. RPM by LCP bucket rates each site-day by its p75 LCP: revenue is known per site
 * and day, not per page, so this is what slow days cost, the closest honest split.
 */
export async function adRevenueOverview(store: SiteTagEventStore, s: Scope, siteNames: Map<string, string>): Promise<AdRevenueOverview> {
  const { start, end, prevStart } = rangeMs(s.from, s.to);
  const [days, products, prev, revenueDays] =
    store.dialect === 'clickhouse'
      ? await chAdRevenueRows(store, {
          pub: s.publisherId,
          site: s.siteId ?? '',
          start,
          end,
          df: s.from,
          dt: iso(end - 1),
          pf: iso(prevStart),
        })
      : await duckDbAdRevenueRows(store, s, start, end, prevStart);
  const prevBySite = new Map(prev.map((r) => [String(r.site_id), num(r.r)]));
  const withRevenueData = new Set(revenueDays.map((r) => String(r.d)));
  const series = new Map<string, { revenue: number; pageViews: number }>();
  const sites = new Map<string, SiteSums>();
  const buckets = new Map<string, { siteId: string; rating: VitalRating; revenue: number; pageViews: number }>();
  for (const r of days) {
    const site = String(r.site_id);
    const revenue = num(r.r);
    const pageViews = num(r.n);
    const revenueDataIn = withRevenueData.has(String(r.d));
    const day = series.get(String(r.d)) ?? { revenue: 0, pageViews: 0 };
    series.set(String(r.d), { revenue: day.revenue + revenue, pageViews: day.pageViews + pageViews });
    sites.set(
      site,
      addSiteDay(sites.get(site) ?? { revenue: 0, pageViews: 0, rpmRevenue: 0, rpmPageViews: 0 }, revenue, pageViews, revenueDataIn),
    );
    // RPM by LCP bucket follows page RPM's rule: site-days with revenue data and page views.
    if (r.p75 != null && pageViews > 0 && revenueDataIn) {
      const rating = rateVital('LCP', num(r.p75));
      const b = buckets.get(`${site}|${rating}`) ?? { siteId: site, rating, revenue: 0, pageViews: 0 };
      buckets.set(`${site}|${rating}`, { ...b, revenue: b.revenue + revenue, pageViews: b.pageViews + pageViews });
    }
  }
  const sum = (key: keyof SiteSums) => [...sites.values()].reduce((a, b) => a + b[key], 0);
  const money = (v: number) => Math.round(v * 100) / 100;
  return {
    from: s.from,
    to: s.to,
    totals: {
      revenue: money(sum('revenue')),
      pageViews: sum('pageViews'),
      pageRpm: rpm(sum('rpmRevenue'), sum('rpmPageViews')),
      rpmPageViews: sum('rpmPageViews'),
      previousRevenue: money([...prevBySite.values()].reduce((a, b) => a + b, 0)),
    },
    series: [...series].map(([date, v]) => ({ date, revenue: money(v.revenue), pageViews: v.pageViews })),
    sites: [...sites]
      .map(([siteId, v]) => ({
        siteId,
        name: siteNames.get(siteId) ?? siteId,
        revenue: money(v.revenue),
        previousRevenue: money(prevBySite.get(siteId) ?? 0),
        pageViews: v.pageViews,
        pageRpm: rpm(v.rpmRevenue, v.rpmPageViews),
        rpmPageViews: v.rpmPageViews,
      }))
      .sort((a, b) => b.revenue - a.revenue),
    products: products.map((r) => ({ product: String(r.p), revenue: money(num(r.r)) })),
    rpmByLcp: [...buckets.values()].map((b) => ({
      siteId: b.siteId,
      rating: b.rating,
      pageViews: b.pageViews,
      pageRpm: rpm(b.revenue, b.pageViews),
    })),
  };
}
