import { DEFAULT_REPORTING_TIME_ZONE, todayIn, type ReportDay } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { savedReportsRepo } from './saved/saved-reports.repo';

/**
 * The publisher's reporting time zone and today in it: report days are its calendar days (the
 * report call, the history rule and the e-mailed change line all ask this one function).
 */
export async function reportingCalendarOf(db: Db, publisherId: string, now: Date): Promise<{ timeZone: string; today: ReportDay }> {
  const timeZone = (await savedReportsRepo(db).timeZoneOf(publisherId)) ?? DEFAULT_REPORTING_TIME_ZONE;
  return { timeZone, today: todayIn(timeZone, now) };
}

/** Today in each publisher's reporting time zone, for many publishers from one read. */
export async function reportingTodaysOf(db: Db, publisherIds: readonly string[], now: Date): Promise<Map<string, ReportDay>> {
  const zones = await savedReportsRepo(db).timeZonesOf(publisherIds);
  return new Map(publisherIds.map((id) => [id, todayIn(zones.get(id) ?? DEFAULT_REPORTING_TIME_ZONE, now)]));
}
