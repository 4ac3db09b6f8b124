import type { Logger } from 'pino';
import { additiveRowsSql, lastClosedDay } from './site-tag.rollup';
import type { SiteTagEventStore } from './site-tag.store';

/**
 * The open days' snapshot (today, and yesterday while events may still arrive for it): the
 * additive rollup rows (page views and visits, total and per dimension) of every event with
 * `s0 <= ts < horizon`, rebuilt every REFRESH_MS by the process that owns the DuckDB file. A
 * query reads the snapshot for those events and the raw events only outside [s0, horizon) -- the
 * last minute or two -- so a range ending today no longer runs the per-dimension GROUPING SETS
 * over one or two whole days of raw page views (that pass was ~90 % of the query).
 *
 * Page views and visits of disjoint event sets add up, so snapshot + raw is exact for every
 * event received before the snapshot was built. Visitors (a distinct count) and engagement (a
 * page's maximum) do not add up and stay on the raw events (one column each, cheap). An event
 * received after the snapshot but stamped before its horizon (a beacon delayed by more than
 * HORIZON_LAG_MS) is counted from the next refresh on.
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

/** SQL conditions over `ts`: inside the snapshot's events (false without a snapshot). */
export const IN_SNAPSHOT = `(ts >= coalesce((SELECT max(s0) FROM site_tag_open_horizon), 0)
  AND ts < coalesce((SELECT max(horizon) FROM site_tag_open_horizon), 0))`;

/** Rebuilds the snapshot of the open days up to `now - HORIZON_LAG_MS` (whole minutes). */
export async function refreshOpenRollup(store: SiteTagEventStore, now = Date.now()): Promise<{ s0: number; horizon: number }> {
  const s0 = Date.parse(`${lastClosedDay(now)}T00:00:00Z`) + DAY_MS;
  const horizon = Math.max(s0, Math.floor((now - HORIZON_LAG_MS) / 60_000) * 60_000);
  await store.write(async (exec) => {
    // One transaction: a query (its own connection, one statement) sees the old snapshot and its
    // horizon or the new ones, never a mix.
    await exec('BEGIN TRANSACTION');
    try {
      await exec('DELETE FROM site_tag_open_daily');
      await exec(`INSERT INTO site_tag_open_daily ${additiveRowsSql(`ts >= ${s0} AND ts < ${horizon}`)}`);
      await exec('DELETE FROM site_tag_open_horizon');
      await exec(`INSERT INTO site_tag_open_horizon VALUES (${s0}, ${horizon})`);
      await exec('COMMIT');
    } catch (err) {
      await exec('ROLLBACK');
      throw err;
    }
  });
  return { s0, horizon };
}

/** Keeps the snapshot fresh: at start and every `everyMs`; a refresh never overlaps the previous one. */
export function startOpenRollupRefresher(
  store: SiteTagEventStore,
  log: Logger,
  everyMs = OPEN_ROLLUP_REFRESH_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const tick = () => {
    if (busy || stopped) return;
    busy = true;
    running = refreshOpenRollup(store)
      .catch((err: Error) => log.warn({ err: err.message }, 'site tag open-day rollup refresh failed'))
      .finally(() => (busy = false));
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
