import type { SiteTagEventStore } from './site-tag.store';

/**
 * The site-tag queries in ClickHouse SQL (site-tag.clickhouse-store.ts), over the raw events with
 * the definitions of DuckDB's rollups (site-tag.rollup.ts: additiveRowsSql, visitorRowsSql,
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
const SCOPE = `publisher_id = {pub:String} AND ({site:String} = '' OR site_id = {site:String})`;
const DAY_OF = (ts: string) => `toDate(fromUnixTimestamp64Milli(${ts}, 'UTC'))`;
const KEYED = ['path', 'campaign', 'device', 'browser', 'country'] as const;

/**
 * The rows of the audience overview for [start, end): per dimension and key (the 'total' rows per
 * day as `k`, 'eng' rows for engagement), summed over sites and days, as site-tag.queries.ts's
 * dailyTotals returns them. `onlyTotals` keeps the 'total' and 'eng' rows (the previous period).
 */
export async function chAudienceRows(
  store: SiteTagEventStore,
  scope: { publisherId: string; siteId: string | null },
  start: number,
  end: number,
  onlyTotals: boolean,
): Promise<Row[]> {
  const inRange = `${SCOPE} AND ts >= {start:Int64} AND ts < {end:Int64}`;
  const dim = `multiIf(${KEYED.map((c) => `grouping(${c}) = 0, '${c}'`).join(', ')}, 'source')`;
  const sets = [...KEYED.map((c) => `(site_id, day, ${c})`), '(site_id, day, source, medium)'].join(', ');
  const dims = onlyTotals
    ? ''
    : `UNION ALL
       SELECT dim, k1, k2, if(dim = 'source', visits, pv) AS pv, 0 AS visitors, visits, 0 AS eng_pages, 0 AS eng_ms, 0 AS scroll
       FROM (SELECT ${dim} AS dim, coalesce(${KEYED.join(', ')}, source) AS k1, coalesce(medium, '') AS k2,
                    sum(weight) AS pv, sumIf(weight, entry) AS visits
             FROM pv GROUP BY GROUPING SETS (${sets}))
       WHERE (dim = 'source' AND visits > 0) OR (dim <> 'source' AND k1 <> '')`;
  return store.query(
    `WITH pv AS (SELECT site_id, ${DAY_OF('ts')} AS day, visitor, page_id, path, campaign, device, browser, country, source, medium,
                        entry, weight, ts
                 FROM site_tag_events WHERE ${inRange} AND kind = 'pv')
     SELECT dim, k1 AS k, k2, sum(pv) AS pv, sum(visitors) AS visitors, sum(visits) AS visits, sum(eng_pages) AS eng_pages,
            sum(eng_ms) AS eng_ms, sum(scroll) AS scroll
     FROM (
       SELECT 'total' AS dim, toString(day) AS k1, '' AS k2, toInt64(sum(weight)) AS pv, toInt64(0) AS visitors,
              toInt64(sumIf(weight, entry)) AS visits, toInt64(0) AS eng_pages, toFloat64(0) AS eng_ms, toFloat64(0) AS scroll
       FROM pv GROUP BY site_id, day
       UNION ALL
       SELECT 'total', toString(day), '', 0, toInt64(sum(w)), 0, 0, 0, 0
       FROM (SELECT site_id, day, visitor, max(weight) AS w FROM pv GROUP BY site_id, day, visitor) GROUP BY site_id, day
       UNION ALL
       SELECT 'eng', '', '', 0, 0, 0, toInt64(sum(w)), toFloat64(sum(coalesce(et, 0) * w)), toFloat64(sum(coalesce(sd, 0) * w))
       FROM (SELECT site_id, page_id, max(engaged_ms) AS et, max(scroll_pct) AS sd FROM site_tag_events
             WHERE ${SCOPE} AND ts >= {start:Int64} AND ts < {late:Int64} AND kind = 'en' GROUP BY site_id, page_id) AS en
       INNER JOIN (SELECT site_id, page_id, toDate(fromUnixTimestamp64Milli(min(ts), 'UTC')) AS day, max(weight) AS w
                   FROM pv GROUP BY site_id, page_id) AS p
       USING (site_id, page_id)
       GROUP BY site_id, day
       ${dims}
     )
     GROUP BY dim, k, k2
     SETTINGS group_by_use_nulls = 1`,
    { pub: scope.publisherId, site: scope.siteId ?? '', start, end, late: end + DAY_MS },
  );
}

/** One value per page and metric in [rs, end): the last reported, its page's path, template, device and day. */
const VITALS = `(SELECT page_id, metric, argMax(value, ts) AS value, any(path) AS path, any(template) AS template,
         any(device) AS device, toString(${DAY_OF('min(ts)')}) AS d, argMax(attribution, ts) AS attribution
  FROM site_tag_events WHERE ${SCOPE} AND ts >= {rs:Int64} AND ts < {end:Int64} AND kind = 'wv'
  GROUP BY page_id, metric)`;
/** DuckDB's quantile_cont: linear interpolation between the closest ranks (R-7). */
const P75 = 'quantileExactInclusive(0.75)(value) AS p75, count() AS n';

/**
 * The five row sets of the performance page, as site-tag.queries.ts's sitePerformance reads them.
 * The four percentile sets come from one scan of the raw events (grouping sets), not four.
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
 * the previous period's revenue by site), as ad-revenue.queries.ts reads them.
 */
export function chAdRevenueRows(
  store: SiteTagEventStore,
  p: { pub: string; site: string; start: number; end: number; df: string; dt: string; pf: string },
): Promise<[Row[], Row[], Row[]]> {
  const site = `({site:String} = '' OR site_id = {site:String})`;
  const events = `${SCOPE} AND ts >= {start:Int64} AND ts < {end:Int64}`;
  return Promise.all([
    store
      .query(
        `WITH pv AS (SELECT site_id, toString(${DAY_OF('ts')}) AS d, toInt64(sum(weight)) AS n FROM site_tag_events
                   WHERE ${events} AND kind = 'pv' GROUP BY site_id, d),
            lcp AS (SELECT site_id, toString(day) AS d, quantileExactInclusive(0.75)(v) AS p75 FROM (
                      SELECT site_id, ${DAY_OF('min(ts)')} AS day, argMax(value, ts) AS v FROM site_tag_events
                      WHERE ${events} AND kind = 'wv' AND metric = 'LCP' GROUP BY site_id, page_id)
                    GROUP BY site_id, day),
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
  ]);
}
