import type { CountGrain, PeriodCount } from './group-counts';
import type { ReportPlan } from './report-plan';

/**
 * When a report is ordered by time first (the default), its first `limit` rows all lie in the
 * first periods (or the last ones, newest first). Knowing each period's row count, the page can
 * be read from just those periods: the periods are whole, so the order inside them, and so the
 * page, is exactly what the full query would give.
 */
export interface PageWindow {
  /** Inclusive YYYY-MM-DD range holding the page's rows, inside the plan's range. */
  dateFrom: string;
  dateTo: string;
  /** Rows of the whole report. */
  totalRows: number;
  /** Rows in the window's periods: reading the window only pays when this is a small part. */
  windowRows: number;
}

export function lastDayOfPeriod(period: string, grain: CountGrain): string {
  if (grain === 'day') return period;
  const d = new Date(`${period.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  return d.toISOString().slice(0, 10);
}

export function firstDayOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The periods that hold the page, given every period's count in time order. */
export function pageWindow(
  plan: Pick<ReportPlan, 'dateFrom' | 'dateTo' | 'limit' | 'sort'>,
  counts: PeriodCount[],
  grain: CountGrain,
): PageWindow {
  const totalRows = counts.reduce((sum, c) => sum + c.groups, 0);
  const ordered = plan.sort[0]?.dir === 'desc' ? [...counts].reverse() : counts;
  const taken: PeriodCount[] = [];
  let rows = 0;
  for (const c of ordered) {
    if (rows >= plan.limit) break;
    if (c.groups === 0) continue;
    taken.push(c);
    rows += c.groups;
  }
  if (taken.length === 0) return { dateFrom: plan.dateFrom, dateTo: plan.dateFrom, totalRows, windowRows: 0 };
  const starts = taken.map((c) => c.period).sort();
  const first = starts[0] ?? plan.dateFrom;
  const last = lastDayOfPeriod(starts[starts.length - 1] ?? plan.dateTo, grain);
  return {
    dateFrom: first > plan.dateFrom ? first : plan.dateFrom,
    dateTo: last < plan.dateTo ? last : plan.dateTo,
    totalRows,
    windowRows: rows,
  };
}
