import { every, type PeriodicTask } from '../../lib/jobs/every';
import type { Logger } from 'pino';
import { additiveRowsSql, lastClosedDay, rollUpClosedDays } from './site-tag.rollup';
import type { SiteTagEventStore } from './site-tag.store';

/**
 * The open days' snapshot (today, and yesterday while events may still arrive for it) of every
 * event with `s0 <= ts < horizon`, rebuilt every REFRESH_MS by the process that owns the DuckDB
 * file: the rollup rows (page views and visits per dimension, visitors, engagement), the set of
 * distinct visitors per site-day and each page's figures. A query reads the snapshot and merges
 * only the raw events outside [s0, horizon) -- the last minute or two -- so a range ending today
 * aggregates neither one or two whole days of page views per dimension nor their visitors and
 * engagement (those passes were nearly all of a 28-day query at 50 M events).
 *
 * Page views and visits of disjoint event sets add up. Visitors (a distinct count) and engagement
 * (a page's maxima) do not: the raw events' visitors are looked up in the snapshot's visitor set
 * and add only the new ones, the pages they touch replace their snapshot figures
 * (openVisitorDeltaSql, openEngDeltaSql). So snapshot + raw is exact for every event received
 * before the snapshot was built. An event received after the snapshot but stamped before its
 * horizon (a beacon delayed by more than HORIZON_LAG_MS) is counted from the next refresh on.
 *
 * Why a timer and not the PostgreSQL job queue: the events are in this process's DuckDB file (one
 * process per file, docs/architecture.md), so a job claimed by another process could not build
 * it. The snapshot and its horizon live in the same file, replaced in one transaction; without a
 * snapshot (first start, a failed refresh) queries read the raw events and stay exact.
 */

/** Beacons leave the page within a second; events younger than this stay raw in case one is slower. */
export const HORIZON_LAG_MS = 60_000;
export const OPEN_ROLLUP_REFRESH_MS = 60_000;
const DAY_MS = 86_400_000;

/** The snapshot's event-time bounds, [s0, horizon); both 0 without a snapshot. */
export interface OpenHorizon {
  s0: number;
  horizon: number;
}

export async function readOpenHorizon(store: SiteTagEventStore): Promise<OpenHorizon> {
  const [r] = await store.query('SELECT coalesce(max(s0), 0) AS s0, coalesce(max(horizon), 0) AS h FROM site_tag_open_horizon');
  return { s0: Number(r?.s0 ?? 0), horizon: Number(r?.h ?? 0) };
}

/**
 * SQL over `ts`: the raw events from `rawStart` on that the snapshot `h` does not hold, with
 * literal bounds (a scalar subquery here would stop DuckDB from skipping row groups by `ts`).
 * The snapshot starts at or before the first open day, so this is usually just `ts >= horizon`.
 */
export function outsideSnapshotSql(h: OpenHorizon, rawStart: number): string {
  if (h.horizon <= h.s0) return `ts >= ${rawStart}`;
  if (h.s0 <= rawStart) return `ts >= ${Math.max(rawStart, h.horizon)}`;
  return `ts >= ${rawStart} AND (ts < ${h.s0} OR ts >= ${h.horizon})`;
}

/**
 * One row naming the snapshot a statement read (dim 'horizon', k1 's0:horizon') and, as `pv`, how
 * many raw events matching `rawWhere` it saw: a query that took the horizon and a row bound from
 * earlier statements checks that no refresh came between and that its bound held, else reads again.
 */
export const openCheckRowSql = (rawWhere: string) => `SELECT '' AS publisher_id, '' AS site_id, CAST(NULL AS DATE) AS day, 'horizon' AS dim,
  CAST(coalesce(max(s0), 0) AS VARCHAR) || ':' || CAST(coalesce(max(horizon), 0) AS VARCHAR) AS k1, '' AS k2,
  (SELECT count(*) FROM site_tag_events WHERE ${rawWhere}) AS pv, 0 AS visitors, 0 AS visits, 0 AS eng_pages, 0.0 AS eng_ms, 0.0 AS scroll
  FROM site_tag_open_horizon`;

/** The snapshot's tables (site-tag.rollup.ts makes them and clears them at start-up). */
export const OPEN_ROLLUP_TABLES = ['site_tag_open_daily', 'site_tag_open_visitors', 'site_tag_open_pages', 'site_tag_open_horizon'];

const DAY_OF = 'CAST(epoch_ms(ts) AS DATE)';

/** Per page of the events matching `where`: page view day and weight (of those before `pvBefore`), engagement maxima. */
const pagesSql = (where: string, pvBefore: string) => `SELECT publisher_id, site_id, page_id,
    CAST(epoch_ms(min(CASE WHEN kind = 'pv' AND ts < ${pvBefore} THEN ts END)) AS DATE) AS day,
    max(CASE WHEN kind = 'pv' AND ts < ${pvBefore} THEN weight END) AS w,
    max(CASE WHEN kind = 'en' THEN engaged_ms END) AS et, max(CASE WHEN kind = 'en' THEN scroll_pct END) AS sd,
    sum(CASE WHEN kind = 'en' THEN 1 ELSE 0 END) > 0 AS has_en
  FROM site_tag_events WHERE (${where}) AND kind IN ('pv', 'en') GROUP BY publisher_id, site_id, page_id`;

/**
 * Visitors of the page views matching `where` (raw events outside the snapshot) that the snapshot
 * has not counted, as 'total' rows: a visitor already in the snapshot's set adds nothing (or the
 * difference if seen now at a larger weight).
 *
 * `bound` is at least the number of raw events (the caller checks it held): as a LIMIT it tells
 * DuckDB that the raw side is the small one, so the join hashes the few raw keys and streams the
 * snapshot's set past them. Without it DuckDB's estimate for a `ts >=` filter is a fixed share of
 * the table, and it hashed the whole snapshot set on every query (most of the query's time).
 */
export function openVisitorDeltaSql(where: string, bound: number): string {
  return `SELECT r.publisher_id, r.site_id, r.day, 'total' AS dim, '' AS k1, '' AS k2, 0 AS pv,
       sum(greatest(r.w, coalesce(o.w, 0)) - coalesce(o.w, 0)) AS visitors, 0 AS visits, 0 AS eng_pages, 0.0 AS eng_ms, 0.0 AS scroll
FROM (SELECT publisher_id, site_id, ${DAY_OF} AS day, visitor, max(weight) AS w FROM site_tag_events
      WHERE (${where}) AND kind = 'pv' GROUP BY 1, 2, 3, 4 LIMIT ${bound}) r
LEFT JOIN site_tag_open_visitors o ON o.publisher_id = r.publisher_id AND o.site_id = r.site_id AND o.day = r.day AND o.visitor = r.visitor
GROUP BY r.publisher_id, r.site_id, r.day`;
}

/**
 * The engagement rows ('eng') that the raw events matching `where` (outside the snapshot) change:
 * for each page they touch, its figures with them minus its figures in the snapshot, on its page
 * view's day when that day is in [`dayFrom`, `dayTo`) (page views only before `pvBefore`). Same
 * rules as engRowsSql: a page counts once it has a page view and an engagement report, with its
 * maxima, by its page view's weight.
 */
export function openEngDeltaSql(where: string, pvBefore: string, dayFrom: string, dayTo: string, bound: number): string {
  return `SELECT publisher_id, site_id, d AS day, 'eng' AS dim, '' AS k1, '' AS k2, 0 AS pv, 0 AS visitors, 0 AS visits,
       sum(CASE WHEN now_has THEN w1 ELSE 0 END - CASE WHEN was THEN w0 ELSE 0 END) AS eng_pages,
       sum(CASE WHEN now_has THEN coalesce(et1, 0) * w1 ELSE 0 END - CASE WHEN was THEN coalesce(et0, 0) * w0 ELSE 0 END) AS eng_ms,
       sum(CASE WHEN now_has THEN coalesce(sd1, 0) * w1 ELSE 0 END - CASE WHEN was THEN coalesce(sd0, 0) * w0 ELSE 0 END) AS scroll
FROM (SELECT r.publisher_id, r.site_id, coalesce(o.day, r.day) AS d,
             o.day IS NOT NULL AND o.has_en AS was, coalesce(o.has_en, false) OR r.has_en AS now_has,
             o.w AS w0, greatest(coalesce(o.w, 0), coalesce(r.w, 0)) AS w1,
             o.et AS et0, greatest(coalesce(o.et, r.et), coalesce(r.et, o.et)) AS et1,
             o.sd AS sd0, greatest(coalesce(o.sd, r.sd), coalesce(r.sd, o.sd)) AS sd1
      FROM (${pagesSql(where, pvBefore)} LIMIT ${bound}) r
      LEFT JOIN site_tag_open_pages o ON o.publisher_id = r.publisher_id AND o.site_id = r.site_id AND o.page_id = r.page_id)
WHERE d >= CAST(epoch_ms(${dayFrom}) AS DATE) AND d < CAST(epoch_ms(${dayTo}) AS DATE)
GROUP BY publisher_id, site_id, d`;
}

/** Rebuilds the snapshot of the open days up to `now - HORIZON_LAG_MS` (whole minutes). */
export async function refreshOpenRollup(store: SiteTagEventStore, now = Date.now()): Promise<{ s0: number; horizon: number }> {
  const s0 = Date.parse(`${lastClosedDay(now)}T00:00:00Z`) + DAY_MS;
  const horizon = Math.max(s0, Math.floor((now - HORIZON_LAG_MS) / 60_000) * 60_000);
  const win = `ts >= ${s0} AND ts < ${horizon}`;
  await store.write(async (exec) => {
    // One transaction: a query (its own connection, one statement) sees the old snapshot and its
    // horizon or the new ones, never a mix.
    await exec('BEGIN TRANSACTION');
    try {
      for (const t of OPEN_ROLLUP_TABLES) await exec(`DELETE FROM ${t}`);
      await exec(
        `INSERT INTO site_tag_open_visitors SELECT publisher_id, site_id, ${DAY_OF}, visitor, max(weight) FROM site_tag_events
         WHERE ${win} AND kind = 'pv' GROUP BY 1, 2, 3, 4`,
      );
      await exec(`INSERT INTO site_tag_open_pages ${pagesSql(win, String(horizon))}`);
      await exec(`INSERT INTO site_tag_open_daily ${additiveRowsSql(win)}`);
      // Visitors and engagement of the snapshot's events, as rows the query adds like the others.
      await exec(
        `INSERT INTO site_tag_open_daily SELECT publisher_id, site_id, day, 'total', '', '', 0, sum(w), 0, 0, 0.0, 0.0
         FROM site_tag_open_visitors GROUP BY 1, 2, 3`,
      );
      await exec(
        `INSERT INTO site_tag_open_daily SELECT publisher_id, site_id, day, 'eng', '', '', 0, 0, 0, sum(w),
                sum(coalesce(et, 0) * w), sum(coalesce(sd, 0) * w)
         FROM site_tag_open_pages WHERE day IS NOT NULL AND has_en GROUP BY 1, 2, 3`,
      );
      await exec(`INSERT INTO site_tag_open_horizon VALUES (${s0}, ${horizon})`);
      await exec('COMMIT');
    } catch (err) {
      await exec('ROLLBACK');
      throw err;
    }
  });
  return { s0, horizon };
}

/** Forgets the snapshot: queries read the open days from the raw events (exact, slower). */
export async function clearOpenRollup(store: SiteTagEventStore): Promise<void> {
  await store.write(async (exec) => {
    for (const t of OPEN_ROLLUP_TABLES) await exec(`DELETE FROM ${t}`);
  });
}

/** Keeps the snapshot fresh: at start and every `everyMs`; a refresh never overlaps the previous one. */
export function startOpenRollupRefresher(store: SiteTagEventStore, log: Logger, everyMs = OPEN_ROLLUP_REFRESH_MS): PeriodicTask {
  let swept = false;
  return every({ firstAfterMs: 5_000, everyMs, log, failure: 'site tag open-day rollup refresh failed' }, async () => {
    // Newly closed days first (they leave the snapshot's window), then the snapshot.
    // After a first pass over every day, only the last week is looked at (a reset rollup is
    // rebuilt by the first query that needs it).
    const now = Date.now();
    await rollUpClosedDays(store, now, swept ? new Date(now - 9 * DAY_MS).toISOString().slice(0, 10) : undefined);
    swept = true;
    await refreshOpenRollup(store);
  });
}
