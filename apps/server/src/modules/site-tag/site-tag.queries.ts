import { rateVital, type AudienceOverview, type SitePerformance, type WebVitalName } from '@pc/contracts';
import type { SiteTagEventStore } from './site-tag.store';

/**
 * DuckDB's approx_count_distinct is HyperLogLog: the documented relative standard error is about
 * 1.6 %; we state 2 % (tests allow it; below a few hundred distinct values it is exact).
 */
export const VISITORS_RELATIVE_ERROR = 0.02;

export interface Scope {
  publisherId: string;
  siteId: string | null;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
export const num = (v: unknown): number => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));
const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

/** The range in epoch ms, [start, end), and the previous period of the same length. */
export function rangeMs(from: string, to: string) {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  return { start, end, prevStart: start - (end - start), prevEnd: start };
}

function where(s: Scope, start: number, end: number) {
  return {
    sql: `publisher_id = $pub AND ($site = '' OR site_id = $site) AND ts >= $start AND ts < $end`,
    params: { pub: s.publisherId, site: s.siteId ?? '', start, end },
  };
}

async function totals(store: SiteTagEventStore, s: Scope, start: number, end: number): Promise<AudienceOverview['totals']> {
  const w = where(s, start, end);
  // Engagement is sent each time the page is hidden, cumulatively: the last report per page counts.
  const [r] = await store.query(
    `SELECT
       (SELECT count(*) FROM site_tag_events WHERE ${w.sql} AND kind = 'pv') AS pv,
       (SELECT approx_count_distinct(visitor) FROM site_tag_events WHERE ${w.sql} AND kind = 'pv') AS uv,
       (SELECT count(*) FROM site_tag_events WHERE ${w.sql} AND kind = 'pv' AND entry) AS visits,
       e.et, e.sd
     FROM (SELECT avg(et) AS et, avg(sd) AS sd FROM (
       SELECT max(engaged_ms) AS et, max(scroll_pct) AS sd FROM site_tag_events WHERE ${w.sql} AND kind = 'en' GROUP BY page_id)) e`,
    w.params,
  );
  const et = numOrNull(r?.et);
  const sd = numOrNull(r?.sd);
  return {
    pageViews: num(r?.pv),
    visitors: num(r?.uv),
    visits: num(r?.visits),
    avgEngagedSeconds: et === null ? null : round(et / 1000, 1),
    avgScrollDepth: sd === null ? null : round(sd, 1),
  };
}

const TOP_COLUMNS = { path: 'path', campaign: 'campaign', device: 'device', browser: 'browser', country: 'country' } as const;

async function top(store: SiteTagEventStore, s: Scope, start: number, end: number, col: keyof typeof TOP_COLUMNS) {
  const w = where(s, start, end);
  const rows = await store.query(
    `SELECT ${TOP_COLUMNS[col]} AS key, count(*) AS n FROM site_tag_events
     WHERE ${w.sql} AND kind = 'pv' AND ${TOP_COLUMNS[col]} <> '' GROUP BY 1 ORDER BY n DESC, key LIMIT 10`,
    w.params,
  );
  return rows.map((r) => ({ key: String(r.key), value: num(r.n) }));
}

export async function audienceOverview(store: SiteTagEventStore, s: Scope): Promise<AudienceOverview> {
  const { start, end, prevStart, prevEnd } = rangeMs(s.from, s.to);
  const w = where(s, start, end);
  const [cur, prev, series, sources, topPages, campaigns, devices, browsers, countries] = await Promise.all([
    totals(store, s, start, end),
    totals(store, s, prevStart, prevEnd),
    store.query(
      `SELECT strftime(epoch_ms(ts), '%Y-%m-%d') AS d, count(*) AS pv, approx_count_distinct(visitor) AS uv
       FROM site_tag_events WHERE ${w.sql} AND kind = 'pv' GROUP BY 1 ORDER BY 1`,
      w.params,
    ),
    store.query(
      `SELECT source, medium, count(*) AS n FROM site_tag_events WHERE ${w.sql} AND kind = 'pv' AND entry
       GROUP BY 1, 2 ORDER BY n DESC, source LIMIT 10`,
      w.params,
    ),
    top(store, s, start, end, 'path'),
    top(store, s, start, end, 'campaign'),
    top(store, s, start, end, 'device'),
    top(store, s, start, end, 'browser'),
    top(store, s, start, end, 'country'),
  ]);
  return {
    from: s.from,
    to: s.to,
    visitorsRelativeError: VISITORS_RELATIVE_ERROR,
    totals: cur,
    previous: prev,
    series: series.map((r) => ({ date: String(r.d), pageViews: num(r.pv), visitors: num(r.uv) })),
    topPages,
    sources: sources.map((r) => ({ source: String(r.source), medium: String(r.medium), value: num(r.n) })),
    campaigns,
    devices,
    browsers,
    countries,
  };
}

/** One value per page and metric (the last reported: CLS and INP grow while the page lives). */
const vitalsOf = (w: string) =>
  `(SELECT page_id, metric, arg_max(value, ts) AS value, any_value(path) AS path, any_value(template) AS template,
           any_value(device) AS device, strftime(epoch_ms(min(ts)), '%Y-%m-%d') AS d, arg_max(attribution, ts) AS attribution
    FROM site_tag_events WHERE ${w} AND kind = 'wv' GROUP BY page_id, metric)`;

function vital(r: Record<string, unknown>) {
  const metric = String(r.metric) as WebVitalName;
  const p75 = round(num(r.p75), metric === 'CLS' ? 3 : 0);
  return { metric, p75, samples: num(r.n), rating: rateVital(metric, p75) };
}

export async function sitePerformance(store: SiteTagEventStore, s: Scope): Promise<SitePerformance> {
  const { start, end } = rangeMs(s.from, s.to);
  const w = where(s, start, end);
  const v = vitalsOf(w.sql);
  const p75 = `quantile_cont(value, 0.75) AS p75, count(*) AS n`;
  const [overall, byDevice, byTemplate, series, worst] = await Promise.all([
    store.query(`SELECT metric, ${p75} FROM ${v} GROUP BY ALL ORDER BY metric`, w.params),
    store.query(`SELECT device, metric, ${p75} FROM ${v} GROUP BY ALL ORDER BY device, metric`, w.params),
    store.query(`SELECT template, metric, ${p75} FROM ${v} GROUP BY ALL ORDER BY template, metric`, w.params),
    store.query(`SELECT d, metric, ${p75} FROM ${v} GROUP BY ALL ORDER BY d, metric`, w.params),
    store.query(
      `SELECT path, ${p75}, mode(attribution) FILTER (WHERE attribution <> '') AS element FROM ${v}
       WHERE metric = 'LCP' GROUP BY path ORDER BY p75 DESC, path LIMIT 10`,
      w.params,
    ),
  ]);
  return {
    from: s.from,
    to: s.to,
    overall: overall.map(vital),
    byDevice: byDevice.map((r) => ({ ...vital(r), device: String(r.device) })),
    byTemplate: byTemplate.map((r) => ({ ...vital(r), template: String(r.template) })),
    series: series.map((r) => ({ ...vital(r), date: String(r.d) })),
    worstPages: worst.map((r) => {
      const lcp = Math.round(num(r.p75));
      return {
        path: String(r.path),
        p75Lcp: lcp,
        rating: rateVital('LCP', lcp),
        samples: num(r.n),
        element: r.element == null ? '' : String(r.element),
      };
    }),
  };
}
