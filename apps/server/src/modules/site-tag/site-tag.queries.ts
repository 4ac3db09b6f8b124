import { rateVital, type AudienceOverview, type SitePerformance, type WebVitalName } from '@pc/contracts';
import { openCheckRowSql, openEngDeltaSql, openVisitorDeltaSql, outsideSnapshotSql, readOpenHorizon } from './site-tag.open-rollup';
import { chAudienceRows, chPerformanceRows, type PerformanceRows } from './site-tag.clickhouse-queries';
import { ensureClickHouseClosedDays } from './site-tag.clickhouse-rollup';
import { additiveRowsSql, ensureRollup } from './site-tag.rollup';
import type { SiteTagEventStore } from './site-tag.store';

/**
 * The stated error of unique visitors. Counts are exact distinct counts per site-day (the visitor
 * hash changes daily and per site, so they add up); 2 % is kept as the contract's bound, which an
 * approximate engine (ClickHouse's uniq, DuckDB's HyperLogLog at about 1.6 %) also meets.
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
const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

/** The range in epoch ms, [start, end), and the previous period of the same length. */
export function rangeMs(from: string, to: string) {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  return { start, end, prevStart: start - (end - start), prevEnd: start };
}

type Row = Record<string, unknown>;

/**
 * The range as rollup rows: rolled-up days from site_tag_daily; the open days (today, yesterday,
 * any day not rolled up yet) from the open days' snapshot for its events plus what the raw events
 * outside it add (site-tag.open-rollup.ts: page views and visits add up; visitors and engagement
 * merge into the snapshot's visitor set and pages); then summed per key. Only the last minute or
 * two of raw events is aggregated per query, whatever the traffic of the open days. The horizon is
 * read first (literal bounds let DuckDB skip all older row groups); the statement reports the
 * snapshot it read and how many raw events it saw, and is run again in the rare case a refresh
 * committed in between or more events than its bound arrived (openVisitorDeltaSql says why a bound).
 */
async function dailyTotals(store: SiteTagEventStore, s: Scope, start: number, end: number, onlyTotals: boolean): Promise<Row[]> {
  const from = new Date(start).toISOString().slice(0, 10);
  const to = new Date(end - DAY_MS).toISOString().slice(0, 10);
  // The closed days are built on demand in either store; `rolled` is the last of them, or the day before the range.
  const ensureClosedDays = store.dialect === 'clickhouse' ? ensureClickHouseClosedDays : ensureRollup;
  const rolled = (await ensureClosedDays(store, from, to)) ?? new Date(start - DAY_MS).toISOString().slice(0, 10);
  // ClickHouse: the views' sums, the closed days' visitors and engagement, the open days' sets and raw events (no snapshot).
  if (store.dialect === 'clickhouse') return chAudienceRows(store, s, start, end, onlyTotals, rolled);
  const rawStart = Math.max(start, Date.parse(`${rolled}T00:00:00Z`) + DAY_MS);
  const scope = `publisher_id = $pub AND ($site = '' OR site_id = $site)`;
  const cols = 'publisher_id, site_id, day, dim, k1, k2, pv, visitors, visits, eng_pages, eng_ms, scroll';
  const open = rawStart < end;
  const params = {
    pub: s.publisherId,
    site: s.siteId ?? '',
    d0: from,
    d1: rolled,
    ...(open ? { rs: rawStart, la: end + DAY_MS, end } : {}),
  };
  let bound = 0;
  for (let attempt = 0; ; attempt++) {
    const h = open ? await readOpenHorizon(store) : { s0: 0, horizon: 0 };
    const raw = `${scope} AND ${outsideSnapshotSql(h, rawStart)}`;
    if (open && bound === 0) {
      // Events arriving meanwhile may exceed the count: the margin, and the check below, cover them.
      const [c] = await store.query(`SELECT count(*) AS n FROM site_tag_events WHERE ${raw} AND ts < ${end + DAY_MS}`, {
        pub: s.publisherId,
        site: s.siteId ?? '',
      });
      bound = num(c?.n) + 1000;
    }
    const rows = await store.query(
      `SELECT dim, CASE WHEN dim = 'total' THEN strftime(day, '%Y-%m-%d') ELSE k1 END AS k, k2,
              sum(pv) AS pv, sum(visitors) AS visitors, sum(visits) AS visits, sum(eng_pages) AS eng_pages,
              sum(eng_ms) AS eng_ms, sum(scroll) AS scroll
       FROM (SELECT ${cols} FROM site_tag_daily WHERE ${scope} AND day BETWEEN CAST($d0 AS DATE) AND CAST($d1 AS DATE)
             ${
               open
                 ? `UNION ALL SELECT ${cols} FROM site_tag_open_daily
                    WHERE ${scope} AND day >= CAST(epoch_ms($rs) AS DATE) AND day < CAST(epoch_ms($end) AS DATE)
                    UNION ALL (${additiveRowsSql(`${raw} AND ts < $end`)})
                    UNION ALL (${openVisitorDeltaSql(`${raw} AND ts < $end`, bound)})
                    UNION ALL (${openEngDeltaSql(`${raw} AND ts < $la`, '$end', '$rs', '$end', bound)})
                    UNION ALL ${openCheckRowSql(`${raw} AND ts < $la`)}`
                 : ''
             })
       ${onlyTotals ? "WHERE dim IN ('total', 'eng', 'horizon')" : ''}
       GROUP BY ALL`,
      params,
    );
    const check = rows.find((r) => r.dim === 'horizon');
    if (!open) return rows;
    if (String(check?.k) === `${h.s0}:${h.horizon}` && num(check?.pv) <= bound) return rows.filter((r) => r.dim !== 'horizon');
    if (attempt >= 4) throw new Error('site tag: the open-day snapshot kept changing during the query');
    bound = Math.max(bound, num(check?.pv)) * 2;
  }
}

function totalsOf(rows: Row[]): AudienceOverview['totals'] {
  const sum = (dim: string, col: string) => rows.filter((r) => r.dim === dim).reduce((a, r) => a + num(r[col]), 0);
  const pages = sum('eng', 'eng_pages');
  return {
    pageViews: sum('total', 'pv'),
    visitors: sum('total', 'visitors'),
    visits: sum('total', 'visits'),
    avgEngagedSeconds: pages === 0 ? null : round(sum('eng', 'eng_ms') / pages / 1000, 1),
    avgScrollDepth: pages === 0 ? null : round(sum('eng', 'scroll') / pages, 1),
  };
}

/** The ten biggest keys of a dimension, by page views then key (as ORDER BY n DESC, key). */
function topOf(rows: Row[], dim: string): { key: string; k2: string; value: number }[] {
  return rows
    .filter((r) => r.dim === dim)
    .map((r) => ({ key: String(r.k), k2: String(r.k2), value: num(r.pv) }))
    .sort((a, b) => b.value - a.value || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, 10);
}

/** The store's figures; the refused count comes from PostgreSQL (site-tag.service.ts adds it). */
export async function audienceOverview(store: SiteTagEventStore, s: Scope): Promise<Omit<AudienceOverview, 'refusedEvents'>> {
  const { start, end, prevStart, prevEnd } = rangeMs(s.from, s.to);
  const [cur, prev] = await Promise.all([dailyTotals(store, s, start, end, false), dailyTotals(store, s, prevStart, prevEnd, true)]);
  const kv = (dim: string) => topOf(cur, dim).map(({ key, value }) => ({ key, value }));
  return {
    from: s.from,
    to: s.to,
    visitorsRelativeError: VISITORS_RELATIVE_ERROR,
    totals: totalsOf(cur),
    previous: totalsOf(prev),
    series: cur
      .filter((r) => r.dim === 'total')
      .map((r) => ({ date: String(r.k), pageViews: num(r.pv), visitors: num(r.visitors) }))
      .sort((a, b) => (a.date < b.date ? -1 : 1)),
    topPages: kv('path'),
    sources: topOf(cur, 'source').map((r) => ({ source: r.key, medium: r.k2, value: r.value })),
    campaigns: kv('campaign'),
    devices: kv('device'),
    browsers: kv('browser'),
    countries: kv('country'),
  };
}

/**
 * One value per page and metric (the last reported: CLS and INP grow while the page lives), from
 * the closed days' vitals rollup plus the open days' raw events; `$d0`..`$d1` are the rolled-up
 * days, `$rs`..`$end` the raw part.
 */
const vitalsOf = (scope: string) =>
  `(SELECT page_id, metric, arg_max(value, ts) AS value, any_value(path) AS path, any_value(template) AS template,
           any_value(device) AS device, strftime(epoch_ms(min(first_ts)), '%Y-%m-%d') AS d, arg_max(attribution, ts) AS attribution
    FROM (SELECT page_id, metric, first_ts, ts, value, path, template, device, attribution FROM site_tag_vitals_daily
          WHERE ${scope} AND day BETWEEN CAST($d0 AS DATE) AND CAST($d1 AS DATE)
          UNION ALL
          SELECT page_id, metric, ts, ts, value, path, template, device, attribution FROM site_tag_events
          WHERE ${scope} AND ts >= $rs AND ts < $end AND kind = 'wv')
    GROUP BY page_id, metric)`;

function vital(r: Record<string, unknown>) {
  const metric = String(r.metric) as WebVitalName;
  const p75 = round(num(r.p75), metric === 'CLS' ? 3 : 0);
  return { metric, p75, samples: num(r.n), rating: rateVital(metric, p75) };
}

/** The five row sets of the performance page from DuckDB's vitals rollup plus the open days' raw events. */
async function duckDbPerformanceRows(store: SiteTagEventStore, s: Scope, start: number, end: number): Promise<PerformanceRows> {
  const rolled = (await ensureRollup(store, s.from, s.to)) ?? new Date(start - DAY_MS).toISOString().slice(0, 10);
  const w = {
    params: {
      pub: s.publisherId,
      site: s.siteId ?? '',
      d0: s.from,
      d1: rolled,
      rs: Math.max(start, Date.parse(`${rolled}T00:00:00Z`) + DAY_MS),
      end,
    },
  };
  const v = vitalsOf(`publisher_id = $pub AND ($site = '' OR site_id = $site)`);
  const p75 = `quantile_cont(value, 0.75) AS p75, count(*) AS n`;
  return Promise.all([
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
}

export async function sitePerformance(store: SiteTagEventStore, s: Scope): Promise<SitePerformance> {
  const { start, end } = rangeMs(s.from, s.to);
  const [overall, byDevice, byTemplate, series, worst] =
    store.dialect === 'clickhouse'
      ? await chPerformanceRows(store, { pub: s.publisherId, site: s.siteId ?? '', d0: s.from, d9: s.to })
      : await duckDbPerformanceRows(store, s, start, end);
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
