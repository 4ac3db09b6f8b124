import { CHECK_INTERVALS_FLAG, allowedIntervalSeconds, intervalList, type MonitorLimits } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { entitlements } from '../feature-flags';

export const MAX_MONITORS_FLAG = 'uptime.max_monitors';
/** The deployment's floor as a flag (not sold by a plan): a 400 on the field, like the schema's own floor. */
export const MIN_INTERVAL_FLAG = 'uptime.min_interval_seconds';

export interface MonitorLimitsConfig {
  maxMonitors: number;
  minIntervalSeconds: number;
  /** Raw results' retention when the data.retention_days flag is not defined. */
  rawRetentionDays?: number;
}

/**
 * What the publisher's plan allows for monitors: how many, the deployment's shortest interval and
 * the intervals its uptime.check_intervals SET offers (minutes; in seconds here, at or above the
 * floor). Read under the caller's transaction when one is passed.
 */
export async function monitorLimitsOf(db: Db, publisherId: string, config: MonitorLimitsConfig): Promise<Omit<MonitorLimits, 'used'>> {
  const e = entitlements(db);
  const minIntervalSeconds = await e.limit(publisherId, MIN_INTERVAL_FLAG, config.minIntervalSeconds);
  const set = await e.allowedSet(publisherId, CHECK_INTERVALS_FLAG);
  return {
    maxMonitors: await e.limit(publisherId, MAX_MONITORS_FLAG, config.maxMonitors),
    minIntervalSeconds,
    allowedIntervalSeconds: allowedIntervalSeconds(set).filter((s) => s >= minIntervalSeconds),
  };
}

/**
 * A monitor is created or saved only with an interval of the plan's set: 403 naming the plan (like
 * every plan limit), with `fields.intervalSeconds` so the form marks the field. A monitor already
 * running at an interval its plan no longer offers (a smaller plan, an override removed) keeps
 * running and can be paused and resumed as it is; the next save must pick an offered interval.
 */
export async function assertIntervalOnPlan(db: Db, publisherId: string, intervalSeconds: number): Promise<void> {
  await entitlements(db).assertInSet(publisherId, CHECK_INTERVALS_FLAG, String(intervalSeconds / 60), {
    sentence: (plan, allowed) => `Your ${plan} plan checks every ${intervalList(allowedIntervalSeconds(allowed))}.`,
    remedy: 'Choose one of these intervals',
    field: 'intervalSeconds',
  });
}

/** One more monitor past the plan's LIMIT is refused (403 naming the plan); `used` counted under the publisher's lock. */
export async function assertMonitorBelowLimit(db: Db, publisherId: string, used: number, config: MonitorLimitsConfig): Promise<void> {
  await entitlements(db).assertBelowLimit(publisherId, MAX_MONITORS_FLAG, used, {
    thing: 'uptime monitor',
    remedy: 'Delete one you no longer need',
    fallback: config.maxMonitors,
  });
}
