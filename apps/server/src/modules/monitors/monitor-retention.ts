import { RETENTION_DAYS_FLAG } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { entitlements } from '../feature-flags';
import { monitorAlertsRepo } from './monitor-alerts.repo';
import { utcDay } from './monitor-results-partitions.repo';
import { monitorRetentionRepo } from './monitor-retention.repo';
import { monitorScheduleRepo } from './monitor-schedule.repo';

const DAY_MS = 86_400_000;
/** Raw results of the last day are always kept: "Recent checks" and the latest state need them. */
const MIN_DAYS = 1;

/** A publisher's raw retention in days (data.retention_days); `fallbackDays` when the flag is not defined. */
export async function rawRetentionDaysOf(db: Db, publisherId: string, fallbackDays: number): Promise<number> {
  return Math.max(MIN_DAYS, await entitlements(db).limit(publisherId, RETENTION_DAYS_FLAG, fallbackDays));
}

/** The oldest raw result a read may return for this retention: exactly `days` back (stricter than the purge's whole days). */
export const rawReadSince = (days: number, now = Date.now()) => new Date(now - days * DAY_MS);

/**
 * Raw results kept per publisher (its plan's data.retention_days), rollups for `rollupDays`.
 *
 * How it scales: daily partitions hold every publisher's results, so a day's partition is dropped
 * whole (one DROP, no dead rows) once the LONGEST retention of any publisher has passed it. A
 * publisher with a shorter retention has its rows between its own cutoff and that longest one
 * deleted here, through the primary key, in batches; monitor_retention_progress remembers how far
 * that went, so a pass deletes only what crossed the cutoff since the last one: about one day of
 * that publisher's rows once a day, and nothing the other passes (one grouped read of the monitors
 * table). A publisher moved to a smaller plan has its backlog deleted in the next pass. Cutoffs
 * fall on UTC day boundaries, like the partition drop: a result is deleted at most a day after it
 * left the window; reads filter on the exact window meanwhile (rawReadSince).
 */
export async function expireMonitorResults(
  db: Db,
  opts: { fallbackDays: number; rollupDays: number; now?: number; batch?: number },
): Promise<{ longestDays: number; dropped: number; deleted: number }> {
  const now = opts.now ?? Date.now();
  const retention = await entitlements(db).limitsOfAll(RETENTION_DAYS_FLAG, opts.fallbackDays);
  const longestDays = Math.max(MIN_DAYS, retention.longest);
  const { raw } = await monitorScheduleRepo(db).expire(new Date(now - longestDays * DAY_MS), new Date(now - opts.rollupDays * DAY_MS));
  const longestCutoff = utcDay(now - longestDays * DAY_MS);
  const repo = monitorRetentionRepo(db);
  let deleted = 0;
  for (const p of await repo.publishers()) {
    const cutoff = utcDay(now - Math.max(MIN_DAYS, retention.of(p.publisherId)) * DAY_MS);
    const from = p.purgedBefore && p.purgedBefore > longestCutoff ? p.purgedBefore : longestCutoff;
    if (cutoff <= from) continue;
    deleted += await repo.deleteRange(p.monitorIds, from, cutoff, opts.batch ?? 10_000);
    await repo.setPurgedBefore(p.publisherId, cutoff);
  }
  return { longestDays, dropped: raw, deleted };
}

/** The scheduler's periodic expiry: old results (above) and alerts past the digest window. */
export async function expireMonitorHistory(db: Db, o: { fallbackDays: number; rollupDays: number }): Promise<void> {
  // Raw results per publisher (its plan's data.retention_days; fallbackDays if the flag is gone).
  await expireMonitorResults(db, o);
  // Alerts only count within the digest window; a day of them is kept for questions about a storm.
  await monitorAlertsRepo(db).expire(new Date(Date.now() - DAY_MS));
}
