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

/** Days per window of a streamed Day export: tens of thousands of rows at most at the sales grain. */
export const STREAM_WINDOW_DAYS = 7;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The date ranges a streamed (export) query is read in, in output order. A report ordered by time
 * first is the concatenation of its periods' rows, so it can be aggregated and sorted a few days
 * (Day) or one month (Month) at a time: DuckDB then never holds the whole aggregate and sort of a
 * million-row export at once, and memory stays flat however long the range. Any other order needs
 * the whole range at once: one window.
 */
export function streamWindows(
  plan: Pick<ReportPlan, 'dateFrom' | 'dateTo' | 'sort' | 'timeColumn'>,
): { dateFrom: string; dateTo: string }[] {
  const whole = [{ dateFrom: plan.dateFrom, dateTo: plan.dateTo }];
  const first = plan.sort[0];
  if (!plan.timeColumn || !first || first.key !== plan.timeColumn) return whole;
  const windows: { dateFrom: string; dateTo: string }[] = [];
  for (let from = plan.dateFrom; from <= plan.dateTo;) {
    const end = plan.timeColumn === 'month' ? lastDayOfPeriod(from, 'month') : addDays(from, STREAM_WINDOW_DAYS - 1);
    const to = end < plan.dateTo ? end : plan.dateTo;
    windows.push({ dateFrom: from, dateTo: to });
    from = addDays(to, 1);
  }
  return first.dir === 'desc' ? windows.reverse() : windows;
}
