import {
  comparedPeriod,
  epochNoonToDay,
  totalsChanges,
  type PeriodChange,
  type ReportCallQuery,
  type ReportComparison,
  type ReportDay,
  type ReportDayRange,
} from '@pc/contracts';
import type { ReportQuery, ReportResult } from '../../report-engine/report-engine';

type Read = (q: ReportQuery) => Promise<ReportResult>;

/**
 * `read` that reads no fact before `historyFrom` (the plan's report history): a read that starts
 * earlier starts there, so its first row shows the compared period as partial; one that ends
 * earlier reads nothing. Only comparisons get here with such days: a range of the report itself
 * that starts before the history is refused (report-history.ts).
 */
export function readingFrom(historyFrom: ReportDay | undefined, read: Read): Read {
  if (!historyFrom) return read;
  return async (q) => {
    if (q.dateFrom >= historyFrom) return read(q);
    if (q.dateTo < historyFrom) return { columns: [], rows: [], totalRows: 0, totals: {}, unavailableMetrics: {} };
    return read({ ...q, dateFrom: historyFrom });
  };
}

/**
 * The comparison of a report, for the report call and the home page alike: the compared days come
 * from the shared calendar (@pc/contracts report-calendar.ts) and the changes from the same
 * totalsChanges the report page uses, so the home card and the report agree to the last digit.
 */

/** The compared days the report call asks for, or null when it asks for no comparison. */
export function requestedComparison(q: ReportCallQuery, range: ReportDayRange): ReportDayRange | null {
  if (!q.compare) return null;
  const custom =
    q.compareFrom !== undefined && q.compareTo !== undefined
      ? { from: epochNoonToDay(q.compareFrom), to: epochNoonToDay(q.compareTo) }
      : null;
  return comparedPeriod(range, q.preset ?? 'custom', q.compare, custom);
}

/**
 * The compared days as a query: the report's filters and metrics without its split, by day, one
 * row. Its totals are the period's; its first row (time ascending) tells whether the facts cover
 * the period from its first day.
 */
export function comparisonQuery(current: ReportQuery, compared: ReportDayRange): ReportQuery {
  return {
    reportType: current.reportType,
    publisherId: current.publisherId,
    dateFrom: compared.from,
    dateTo: compared.to,
    dimensions: [],
    metrics: current.metrics,
    interval: 'Day',
    ...(current.filters ? { filters: current.filters } : {}),
    limit: 1,
  };
}

/** Each metric's change of `now` (the current days' totals) against `before` (comparisonQuery's answer). */
export function comparisonOf(
  current: ReportQuery,
  now: Pick<ReportResult, 'totals' | 'totalRows' | 'rows'>,
  compared: ReportDayRange,
  before: ReportResult,
  today: ReportDay,
): ReportComparison {
  const range = { from: current.dateFrom, to: current.dateTo };
  const changes = totalsChanges(current.metrics, range, compared, now, before, today) ?? {};
  const defined: Record<string, PeriodChange> = {};
  for (const [key, change] of Object.entries(changes)) if (change) defined[key] = change;
  const totals: Record<string, number | null> = {};
  for (const key of current.metrics) totals[key] = before.totals[key] ?? null;
  return { from: compared.from, to: compared.to, totals, changes: defined };
}
