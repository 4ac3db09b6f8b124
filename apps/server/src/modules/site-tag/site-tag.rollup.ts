import { COLLECT_LIMITS } from './site-tag.batch';
import { ROLLUP_TABLES } from './site-tag.daily-tables';
import type { SiteTagEventStore } from './site-tag.store';

/**
 * Daily rollups for the audience overview: one row per (publisher, site, UTC day, dimension, key)
 * with page views, visitors, visits and engagement sums. Visitors add up exactly across days and
 * sites because the visitor hash itself is per site and per day (daily salt), so the count over a
 * range is the sum of the site-days' distinct counts. A day is rolled up once no event can still
 * arrive for it (collection refuses events older than 24 h); newer days are aggregated from the
 * raw events by the same SQL at query time.
 */

/** Each site-day's p75 LCP over the events matching `where` (one value a page: its last LCP). */
export function lcpDailySql(where: string): string {
  return `SELECT publisher_id, site_id, day, quantile_cont(v, 0.75) AS p75, count(*) AS pages FROM (
    SELECT publisher_id, site_id, CAST(epoch_ms(min(ts)) AS DATE) AS day, arg_max(value, ts) AS v FROM site_tag_events
    WHERE ${where} AND kind = 'wv' AND metric = 'LCP' GROUP BY publisher_id, site_id, page_id) GROUP BY ALL`;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const KEYED = ['path', 'campaign', 'device', 'browser', 'country'] as const;
const BY = 'publisher_id, site_id, day';

/**
 * The rollup rows of the events matching `where` (SQL over site_tag_events), one definition for
 * building and for fresh days: the additive rows, the visitors and the engagement of those events.
 *
 * Every count sums the events' weights (the site's sample rate was one in `weight`), so a sampled
 * site's rows are estimates of its real traffic and an unsampled site's (weight 1) exact counts.
 * Plain SUM and CASE, no engine-specific aggregates, so a ClickHouse store can run the same SQL.
 *
 * Engagement belongs to the day of the page's page view, with the page's final figures
 * (engRowsSql): `engagedIn` selects the engagement events, the days of `where` and the day after.
 */
export function dailyRowsSql(where: string, engagedIn: string): string {
  return `${additiveRowsSql(where)}
UNION ALL
${visitorRowsSql(where)}
UNION ALL
${engRowsSql(where, engagedIn)}`;
}

/** Page views and visits (entries), each event counted by its weight. */
const PV = 'sum(weight)';
const VISITS = 'sum(CASE WHEN entry THEN weight ELSE 0 END)';

/** One pass over the page views of `from` (GROUPING SETS: each dimension), per publisher, site and day. */
function groupedSql(from: string): string {
  const dim = `CASE ${KEYED.map((c) => `WHEN grouping(${c}) = 0 THEN '${c}'`).join(' ')} ELSE 'source' END`;
  const sets = [...KEYED.map((c) => `(${BY}, ${c})`), `(${BY}, source, medium)`].join(', ');
  return `SELECT ${BY}, ${dim} AS dim, coalesce(${KEYED.join(', ')}, source) AS k1, coalesce(medium, '') AS k2,
         ${PV} AS pv, ${VISITS} AS visits
  FROM ${from} WHERE kind = 'pv' GROUP BY GROUPING SETS (${sets})`;
}

const dimRowsOf = (g: string) => `SELECT ${BY}, dim, k1, k2, CASE WHEN dim = 'source' THEN visits ELSE pv END, 0, visits, 0, 0.0, 0.0
FROM ${g} WHERE (dim = 'source' AND visits > 0) OR (dim <> 'source' AND k1 <> '')`;

/**
 * The additive part of the rollup rows (page views and visits: the total and each dimension, no
 * visitors, no engagement) of the events matching `where`: rows of disjoint event sets add up, so
 * the open days' snapshot (site-tag.open-rollup.ts) plus the events after its horizon is exact.
 */
export function additiveRowsSql(where: string): string {
  return `WITH e AS (SELECT *, CAST(epoch_ms(ts) AS DATE) AS day FROM site_tag_events WHERE ${where}),
g AS (${groupedSql('e')})
SELECT ${BY}, 'total' AS dim, '' AS k1, '' AS k2, ${PV} AS pv, 0 AS visitors,
       ${VISITS} AS visits, 0 AS eng_pages, 0.0 AS eng_ms, 0.0 AS scroll
FROM e WHERE kind = 'pv' GROUP BY ALL
UNION ALL
${dimRowsOf('g')}`;
}

/**
 * Each site-day's visitors of the page views matching `where`, as 'total' rows with nothing else:
 * each distinct visitor hash counted by its weight. Sampling decides per page load, so a visitor
 * with several page views that day is more likely to be seen than its weight assumes: at rates
 * below 1 this estimate leans high for multi-page visitors (exact at rate 1).
 */
export function visitorRowsSql(where: string): string {
  return `SELECT ${BY}, 'total' AS dim, '' AS k1, '' AS k2, 0 AS pv, sum(w) AS visitors, 0 AS visits,
       0 AS eng_pages, 0.0 AS eng_ms, 0.0 AS scroll
FROM (SELECT publisher_id, site_id, CAST(epoch_ms(ts) AS DATE) AS day, visitor, max(weight) AS w
      FROM site_tag_events WHERE ${where} AND kind = 'pv' GROUP BY 1, 2, 3, 4) GROUP BY ALL`;
}

/**
 * The engagement rows ('eng'): each page's final figures (the tag reports running engaged time and
 * deepest scroll) on the day of its page view, for the page views matching `pvWhere`, from its
 * engagement events matching `enWhere` (the same days and the day after them). A page counts once,
 * on its page view's day, however long it stays open: a page still reporting days later does not
 * start again as a new page (its reports after the day following its page view are left out).
 * Pages count by their page view's weight, so averages over them are weighted averages.
 */
export function engRowsSql(pvWhere: string, enWhere: string): string {
  return `SELECT publisher_id, site_id, day, 'eng', '', '', 0, 0, 0, sum(w), coalesce(sum(et * w), 0), coalesce(sum(sd * w), 0)
FROM (SELECT publisher_id, site_id, page_id, max(engaged_ms) AS et, max(scroll_pct) AS sd
      FROM site_tag_events WHERE (${enWhere}) AND kind = 'en' GROUP BY publisher_id, site_id, page_id)
JOIN (SELECT publisher_id, site_id, page_id, CAST(epoch_ms(min(ts)) AS DATE) AS day, max(weight) AS w
      FROM site_tag_events WHERE (${pvWhere}) AND kind = 'pv' GROUP BY publisher_id, site_id, page_id)
USING (publisher_id, site_id, page_id)
GROUP BY publisher_id, site_id, day`;
}

/** The last day that can no longer change: events are accepted up to 24 h late. */
export function lastClosedDay(now: number): string {
  return dayOf(Date.parse(`${dayOf(now - COLLECT_LIMITS.maxAgeMs)}T00:00:00Z`) - DAY_MS);
}

/** The days of [from, last] (ISO dates) not in `built`, oldest first: the closed days a rollup still has to build. */
export function daysNotBuilt(from: string, last: string, built: ReadonlySet<string>): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); dayOf(ms) <= last; ms += DAY_MS) if (!built.has(dayOf(ms))) days.push(dayOf(ms));
  return days;
}

/** Rolls up the closed days of [from, to] not rolled up yet (checked again on the writer, so two callers never both build a day). */
export async function ensureRollup(store: SiteTagEventStore, from: string, to: string, now = Date.now()): Promise<string | null> {
  const closed = lastClosedDay(now);
  const last = to < closed ? to : closed;
  if (from > last) return null;
  const missing = async () => {
    const built = new Set(
      (await store.query(`SELECT strftime(day, '%Y-%m-%d') AS d FROM site_tag_daily_built WHERE day BETWEEN '${from}' AND '${last}'`)).map(
        (r) => String(r.d),
      ),
    );
    return daysNotBuilt(from, last, built);
  };
  if ((await missing()).length > 0) {
    await store.write(async (exec) => {
      const days = await missing();
      if (days.length === 0) return;
      const start = Date.parse(`${days[0]}T00:00:00Z`);
      const end = Date.parse(`${days[days.length - 1]}T00:00:00Z`) + DAY_MS;
      const list = days.map((d) => `'${d}'`).join(', ');
      await exec(`DELETE FROM site_tag_daily WHERE day IN (${list})`);
      await exec(
        `INSERT INTO site_tag_daily ${dailyRowsSql(
          `ts >= ${start} AND ts < ${end} AND CAST(epoch_ms(ts) AS DATE) IN (${list})`,
          `ts >= ${start} AND ts < ${end + DAY_MS}`,
        )}`,
      );
      await exec(`DELETE FROM site_tag_lcp_daily WHERE day IN (${list})`);
      await exec(
        `INSERT INTO site_tag_lcp_daily ${lcpDailySql(`ts >= ${start} AND ts < ${end} AND CAST(epoch_ms(ts) AS DATE) IN (${list})`)}`,
      );
      await exec(`DELETE FROM site_tag_vitals_daily WHERE day IN (${list})`);
      await exec(
        `INSERT INTO site_tag_vitals_daily
         SELECT publisher_id, site_id, CAST(epoch_ms(ts) AS DATE) AS day, page_id, metric, min(ts), max(ts), arg_max(value, ts),
                any_value(path), any_value(template), any_value(device), arg_max(attribution, ts)
         FROM site_tag_events WHERE ts >= ${start} AND ts < ${end} AND CAST(epoch_ms(ts) AS DATE) IN (${list}) AND kind = 'wv'
         GROUP BY publisher_id, site_id, day, page_id, metric`,
      );
      await exec(`INSERT INTO site_tag_daily_built SELECT CAST(d AS DATE) FROM (VALUES ${days.map((d) => `('${d}')`).join(', ')}) v(d)`);
    });
  }
  return last;
}

/**
 * Rolls up every closed day that has events and no rollup yet, one day per write so appends and
 * other writes interleave (a first start over months of events does not hold the writer for
 * tens of seconds). Run by the open-day refresher each minute, so a day is rolled up within a
 * minute of closing and no query pays for it; returns the days built. `sinceDay` skips looking
 * for the first event's day (a full scan of `ts`) once the refresher has covered everything before.
 */
export async function rollUpClosedDays(store: SiteTagEventStore, now = Date.now(), sinceDay?: string): Promise<number> {
  const closed = lastClosedDay(now);
  let from = sinceDay;
  if (from === undefined) {
    const [first] = await store.query(`SELECT min(ts) AS t FROM site_tag_events WHERE ts < ${Date.parse(`${closed}T00:00:00Z`) + DAY_MS}`);
    if (first?.t == null) return 0;
    from = dayOf(Number(first.t));
  }
  const built = new Set(
    (await store.query(`SELECT strftime(day, '%Y-%m-%d') AS d FROM site_tag_daily_built WHERE day >= '${from}'`)).map((r) => String(r.d)),
  );
  let n = 0;
  for (let ms = Date.parse(`${closed}T00:00:00Z`); dayOf(ms) >= from; ms -= DAY_MS) {
    if (built.has(dayOf(ms))) continue;
    await ensureRollup(store, dayOf(ms), dayOf(ms), now);
    n++;
  }
  return n;
}

/** Forget every rollup (after events were written around the collector: demo data, imports). */
export async function resetRollup(exec: (sql: string) => Promise<void>): Promise<void> {
  for (const t of ROLLUP_TABLES) await exec(`DELETE FROM ${t}`);
}
