import { shiftDays, shiftMonths, type ReportDay } from './report-periods';

/**
 * The plan features whose rule both the server (which enforces it) and the web (which offers only
 * what the plan allows) need. Every other plan feature's key lives with the one module that
 * enforces it; docs/product.md#plan-features lists them all with where they are enforced.
 */
export const CHECK_INTERVALS_FLAG = 'uptime.check_intervals';
export const RETENTION_DAYS_FLAG = 'data.retention_days';
export const HISTORY_EXTENSION_FLAG = 'reports.history_extension_days';

/** What every plan refusal ends with: the way up. */
export const PLAN_UPGRADE_HINT = 'request a larger plan on the Plans page';

/**
 * The check intervals a SET of minutes allows, in seconds, shortest first. Entries that are not a
 * whole number of minutes from 1 to 1440 are ignored (an admin's typo allows nothing).
 */
export function allowedIntervalSeconds(minutes: readonly string[]): number[] {
  const out = new Set<number>();
  for (const m of minutes) {
    const n = Number(m);
    if (/^\d+$/.test(m.trim()) && n >= 1 && n <= 1440) out.add(n * 60);
  }
  return [...out].sort((a, b) => a - b);
}

/** "1 minute", "15 minutes", "1 hour", "2 hours". */
export function intervalLabel(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** "5 minutes, 15 minutes or 1 hour". */
export function intervalList(seconds: readonly number[]): string {
  const labels = seconds.map(intervalLabel);
  return labels.length <= 1 ? (labels[0] ?? 'no interval') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/**
 * Report history every plan has: the 13 months of facts the provider keeps for everyone
 * (MAX_RANGE_DAYS covers one such range). reports.history_extension_days adds days before that.
 */
export const REPORT_BASE_HISTORY_MONTHS = 13;

/**
 * The earliest day a report may start on, in the reporting time zone's calendar: 13 months before
 * today, then the plan's extension days earlier still. A negative extension is read as none.
 */
export function earliestReportDay(today: ReportDay, extensionDays: number): ReportDay {
  const extra = Number.isFinite(extensionDays) ? Math.max(0, Math.floor(extensionDays)) : 0;
  return shiftDays(shiftMonths(today, -REPORT_BASE_HISTORY_MONTHS), -extra);
}
