import type { ReportRow } from './report-engine';
import type { ReportPlan } from './report-plan';

/** YYYY-MM-DD of the day after `date` (UTC calendar arithmetic, no time zones involved). */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * First estimated day inside the range, or undefined when the whole range is finalized. With no
 * finalized date recorded nothing has been confirmed yet, so the whole range is estimated.
 */
export function estimatedFromFor(plan: Pick<ReportPlan, 'dateFrom' | 'dateTo'>, finalizedThrough: string | null): string | undefined {
  if (finalizedThrough === null) return plan.dateFrom;
  if (finalizedThrough >= plan.dateTo) return undefined;
  const first = nextDay(finalizedThrough);
  return first > plan.dateFrom ? first : plan.dateFrom;
}

/**
 * Day rows get `estimated` when their day is not finalized; Month rows when the month contains
 * an estimated day (so a partly finalized month is flagged too). Cumulative rows carry no flag:
 * the result's estimatedFrom says it.
 */
export function markEstimated(plan: Pick<ReportPlan, 'timeColumn'>, estimatedFrom: string | undefined, row: ReportRow): ReportRow {
  if (plan.timeColumn === 'date') row.estimated = isEstimatedPeriod('date', estimatedFrom, row.date);
  else if (plan.timeColumn === 'month') row.estimated = isEstimatedPeriod('month', estimatedFrom, row.month);
  return row;
}

/** Whether a Day (YYYY-MM-DD) or Month (YYYY-MM) row's period holds an estimated day. */
export function isEstimatedPeriod(timeColumn: 'date' | 'month', estimatedFrom: string | undefined, period: unknown): boolean {
  if (estimatedFrom === undefined || typeof period !== 'string') return false;
  return period >= (timeColumn === 'date' ? estimatedFrom : estimatedFrom.slice(0, 7));
}
