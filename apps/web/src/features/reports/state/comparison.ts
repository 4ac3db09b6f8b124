import {
  periodChange,
  type ComparisonMode,
  type MetricKey,
  type PeriodChange,
  type PeriodCoverage,
  type ReportResult,
} from '@pc/contracts';
import type { DayRange } from './date-presets';

export const COMPARE_LABELS: Record<ComparisonMode, { option: string; vs: string }> = {
  previous: { option: 'Previous period', vs: 'previous' },
  yearAgo: { option: 'Same period last year', vs: 'last year' },
  custom: { option: 'Custom period', vs: 'comparison' },
};

/**
 * What the facts cover of a period, read from its time series (Day or Month rows, time ascending):
 * none without a row; partial when the first row starts after the period does (the data begins
 * inside it) or the period reaches today (a day that is not over).
 */
export function coverageFromSeries(result: ReportResult | undefined, range: DayRange, today: string): PeriodCoverage {
  if (!result || result.totalRows === 0) return 'none';
  if (range.to >= today) return 'partial';
  const first = result.rows[0];
  const day = typeof first?.date === 'string' ? first.date : undefined;
  const month = typeof first?.month === 'string' ? first.month : undefined;
  if (day !== undefined && day > range.from) return 'partial';
  if (month !== undefined && month > range.from.slice(0, 7)) return 'partial';
  return 'complete';
}

/** Per metric: the change of the totals, or why there is none (never a percentage of a partial period). */
export function totalsChanges(
  metrics: readonly MetricKey[],
  range: DayRange,
  compared: DayRange,
  now: ReportResult | undefined,
  before: ReportResult | undefined,
  today: string,
): Record<string, PeriodChange | undefined> | undefined {
  if (!now || !before) return undefined;
  const coverage = {
    current: range.to >= today ? ('partial' as const) : ('complete' as const),
    previous: coverageFromSeries(before, compared, today),
  };
  const out: Record<string, PeriodChange | undefined> = {};
  for (const key of metrics) {
    const current = now.totals[key];
    const previous = before.totals[key];
    if (current === null || current === undefined) continue;
    if (coverage.previous !== 'none' && (previous === null || previous === undefined)) continue;
    out[key] = periodChange(current, previous ?? 0, coverage);
  }
  return out;
}
