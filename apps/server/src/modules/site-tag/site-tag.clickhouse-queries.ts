import type { SiteTagEventStore } from './site-tag.store';

/**
 * The site-tag queries in ClickHouse SQL (site-tag.clickhouse-store.ts), over the rollups
 * (site-tag.clickhouse-rollup.ts) and the raw events with the definitions of DuckDB's rollups (site-tag.rollup.ts: additiveRowsSql, visitorRowsSql,
 * engRowsSql, lcpDailySql): every count sums the events' sample weights, visitors are distinct
 * hashes per site-day by their largest weight, engagement is each page's maxima on its page view's
 * day (reports up to the day after the range), vitals are each page's last value. The callers
 * (site-tag.queries.ts, ad-revenue.queries.ts) shape the rows exactly as for DuckDB, so the two
 * stores answer the same. Parameters are bound (`{name:Type}`), never interpolated.
 */

type Row = Record<string, unknown>;
/** The performance page's row sets: overall, by device, by template, by day, the slowest pages. */
export type PerformanceRows = [Row[], Row[], Row[], Row[], Row[]];

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const SCOPE = `publisher_id = {pub:String} AND ({site:String} = '' OR site_id = {site:String})`;
const DAY_OF = (ts: string) => `toDate(fromUnixTimestamp64Milli(${ts}, 'UTC'))`;

/**
 * The open days' visitors (their sets from the view) and engagement (one pass over the raw page
 * views and engagement reports, per page: its page view's weight before `end`, its maxima), after
 * the closed days up to `d1`.
 */
const OPEN_DAYS_SQL = `       UNION ALL
       SELECT 'total', toString(day), '', 0, toInt64(sum(w)), 0, 0, 0, 0 FROM site_tag_daily_visitors FINAL
       WHERE ${SCOPE} AND day > {d1:Date} AND day BETWEEN {d0:Date} AND {d9:Date} GROUP BY day
       UNION ALL
       SELECT 'eng', '', '', 0, 0, 0, toInt64(sum(w)), toFloat64(sum(coalesce(et, 0) * w)), toFloat64(sum(coalesce(sd, 0) * w))
       FROM (SELECT maxIf(weight, kind = 'pv' AND ts < {end:Int64}) AS w, maxIf(engaged_ms, kind = 'en') AS et,
                    maxIf(scroll_pct, kind = 'en') AS sd, countIf(kind = 'en') > 0 AS has_en
             FROM site_tag_events WHERE ${SCOPE} AND ts >= {rs:Int64} AND ts < {late:Int64} AND kind IN ('pv', 'en')
             GROUP BY site_id, page_id)
       WHERE w > 0 AND has_en`;

/**
 * The rows of the audience overview for [start, end): per dimension and key (the 'total' rows per
 * day as `k`, 'eng' rows for engagement), summed over sites and days, as site-tag.queries.ts's
 * dailyTotals returns them. `onlyTotals` keeps the 'total' and 'eng' rows (the previous period).
 *
 * Page views and visits come from the view's sums (site-tag.clickhouse-rollup.ts) for every day;
 * visitors and engagement from the closed days' rows up to `rolled` (the last closed day built, or
 * the day before the range), then from the visitor sets and the raw events (one pass over the
 * page views and engagement reports per page, each page on its page view's day).
 */
export async function chAudienceRows(
  store: SiteTagEventStore,
  scope: { publisherId: string; siteId: string | null },
  start: number,
  end: number,
  onlyTotals: boolean,
  rolled: string,
): Promise<Row[]> {
  const days = `${SCOPE} AND day BETWEEN {d0:Date} AND {d9:Date}`;
  const rs = Math.max(start, Date.parse(`${rolled}T00:00:00Z`) + DAY_MS);
  // Without open days (a past range, the previous period) the statement reads no raw events at all.
  const open = rs < end;
  // A source counts its visits (only sources with some), the other dimensions their non-empty keys' page views.
  const keep = onlyTotals
    ? `dim = 'total'`
    : `dim = 'total' OR (dim = 'source' AND visits > 0) OR (dim NOT IN ('total', 'source') AND k <> '')`;
  return store.query(
    `SELECT dim, k, k2, sum(pv) AS pv, sum(visitors) AS visitors, sum(visits) AS visits, sum(eng_pages) AS eng_pages,
            sum(eng_ms) AS eng_ms, sum(scroll) AS scroll
     FROM (
       SELECT dim, k, k2, if(dim = 'source', visits, pv) AS pv, toInt64(0) AS visitors, visits, toInt64(0) AS eng_pages,
              toFloat64(0) AS eng_ms, toFloat64(0) AS scroll
       FROM (SELECT dim, if(dim = 'total', toString(day), k1) AS k, k2, sum(pv) AS pv, sum(visits) AS visits
             FROM site_tag_daily_sums WHERE ${days} ${onlyTotals ? `AND dim = 'total'` : ''} GROUP BY dim, k, k2)
       WHERE ${keep}
       UNION ALL
       SELECT if(dim = 'visitors', 'total', 'eng'), if(dim = 'visitors', toString(day), ''), '', 0, visitors, 0, eng_pages, eng_ms, scroll
       FROM site_tag_closed_daily FINAL WHERE ${SCOPE} AND day BETWEEN {d0:Date} AND {d1:Date}
       ${open ? OPEN_DAYS_SQL : ''}
     )
     GROUP BY dim, k, k2`,
    {
      pub: scope.publisherId,
      site: scope.siteId ?? '',
      d0: iso(start),
      d9: iso(end - DAY_MS),
      d1: rolled,
      rs,
      end,
      late: end + DAY_MS,
    },
  );
}

/** One value per page and metric on days [d0, d9] (the view's per-day states merged): the last reported, its page's path, template, device and day. */
const VITALS = `(SELECT page_id, metric, argMaxMerge(value) AS value, any(path) AS path, any(template) AS template,
         any(device) AS device, toString(${DAY_OF('min(first_ts)')}) AS d, argMaxMerge(attribution) AS attribution
  FROM site_tag_vitals_daily WHERE ${SCOPE} AND day BETWEEN {d0:Date} AND {d9:Date}
  GROUP BY page_id, metric)`;
/** DuckDB's quantile_cont: linear interpolation between the closest ranks (R-7). */
const P75 = 'quantileExactInclusive(0.75)(value) AS p75, count() AS n';

/**
 * The five row sets of the performance page, as site-tag.queries.ts's sitePerformance reads them.
 * The four percentile sets come from one read of the vitals view (grouping sets), not four.
 */
export async function chPerformanceRows(store: SiteTagEventStore, params: Record<string, string | number>): Promise<PerformanceRows> {
  const [sets, worst] = await Promise.all([
    store.query(
      `SELECT multiIf(grouping(device) = 0, 'device', grouping(template) = 0, 'template', grouping(d) = 0, 'day', 'overall') AS grouped,
              device, template, d, metric, ${P75}
       FROM ${VITALS}
       GROUP BY GROUPING SETS ((metric), (device, metric), (template, metric), (d, metric))
       ORDER BY grouped, device, template, d, metric`,
      params,
    ),
    store.query(
      `SELECT path, ${P75}, topKIf(1)(attribution, attribution <> '')[1] AS element FROM ${VITALS}
       WHERE metric = 'LCP' GROUP BY path ORDER BY p75 DESC, path LIMIT 10`,
      params,
    ),
  ]);
  const of = (grouped: string) => sets.filter((r) => r.grouped === grouped);
  return [of('overall'), of('device'), of('template'), of('day'), worst];
}

/**
 * Ad revenue's three row sets (site-days with page views, revenue and p75 LCP; revenue by product;
 * the previous period's revenue by site), as ad-revenue.queries.ts reads them. Page views per
 * site-day from the view's sums, p75 LCP from the vitals view (each page's last LCP).
 */
export function chAdRevenueRows(
  store: SiteTagEventStore,
  p: { pub: string; site: string; start: number; end: number; df: string; dt: string; pf: string },
): Promise<[Row[], Row[], Row[], Row[]]> {
  const site = `({site:String} = '' OR site_id = {site:String})`;
  return Promise.all([
    store
      .query(
        `WITH pv AS (SELECT site_id, toString(day) AS d, toInt64(sum(pv)) AS n FROM site_tag_daily_sums
                   WHERE ${SCOPE} AND dim = 'total' AND day BETWEEN {df:Date} AND {dt:Date} GROUP BY site_id, d),
            lcp AS (SELECT site_id, toString(pday) AS d, quantileExactInclusive(0.75)(v) AS p75 FROM (
                      SELECT site_id, ${DAY_OF('min(first_ts)')} AS pday, argMaxMerge(value) AS v FROM site_tag_vitals_daily
                      WHERE ${SCOPE} AND day BETWEEN {df:Date} AND {dt:Date} AND metric = 'LCP' GROUP BY site_id, page_id)
                    GROUP BY site_id, pday),
            rev AS (SELECT site_id, toString(date) AS d, sum(revenue) AS r FROM revenue_sales
                    WHERE publisher_id = {pub:String} AND ${site} AND date BETWEEN {df:Date} AND {dt:Date} GROUP BY site_id, d)
       SELECT coalesce(pv.site_id, rev.site_id) AS site, coalesce(pv.d, rev.d) AS day, coalesce(pv.n, 0) AS n,
              coalesce(rev.r, 0) AS r, lcp.p75 AS p75
       FROM pv FULL JOIN rev ON pv.site_id = rev.site_id AND pv.d = rev.d
       LEFT JOIN lcp ON lcp.site_id = coalesce(pv.site_id, rev.site_id) AND lcp.d = coalesce(pv.d, rev.d)
       ORDER BY day, site
       SETTINGS join_use_nulls = 1`,
        p,
      )
      .then((rows) => rows.map(({ site: s, day, ...r }) => ({ ...r, site_id: s, d: day }))),
    store.query(
      `SELECT product_type AS p, sum(revenue) AS r FROM revenue_sales WHERE publisher_id = {pub:String} AND ${site}
       AND date BETWEEN {df:Date} AND {dt:Date} GROUP BY p ORDER BY r DESC, p`,
      p,
    ),
    store.query(
      `SELECT site_id, sum(revenue) AS r FROM revenue_sales WHERE publisher_id = {pub:String} AND ${site}
       AND date >= {pf:Date} AND date < {df:Date} GROUP BY site_id`,
      p,
    ),
    // The days whose revenue facts have arrived, for the whole publisher (ad-revenue.queries.ts).
    store.query(
      `SELECT DISTINCT toString(date) AS d FROM revenue_sales
       WHERE publisher_id = {pub:String} AND date BETWEEN {df:Date} AND {dt:Date} ORDER BY d`,
      p,
    ),
  ]);
}
