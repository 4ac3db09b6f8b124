import { resolvePreset, type DatePresetKey } from './report-presets';
import {
  comparisonRange,
  periodChange,
  sameDaysEarlier,
  todayIn,
  type ComparisonMode,
  type PeriodChange,
  type PeriodCoverage,
  type ReportDay,
  type ReportDayRange,
} from './report-periods';

/**
 * The one calendar of the home page and the reports: which days a preset covers and which days it
 * is compared with. The home page's "Month to date" is the reports' "This month", resolved and
 * compared by these functions on the server and in the browser alike, so both show the same
 * figure and the same percentage for the same days.
 */

/** "To date" presets and the length, in months, of the calendar period each runs through. */
export const TO_DATE_PERIOD_MONTHS: Readonly<Partial<Record<DatePresetKey, number>>> = {
  thisMonth: 1,
  thisQuarter: 3,
  yearToDate: 12,
};

/** A chosen period: a preset (or custom days) and what it is compared with. */
export interface PeriodChoice {
  preset: DatePresetKey;
  /** The days of the custom preset. */
  custom?: ReportDayRange | null;
  compare?: ComparisonMode;
  /** The days of the custom comparison. */
  compareCustom?: ReportDayRange | null;
}

export interface ResolvedPeriods {
  range: ReportDayRange;
  compared: ReportDayRange;
}

/** The preset's days on `today`; a custom preset without its days falls back to the last 7 days. */
export function presetDays(preset: DatePresetKey, today: ReportDay, custom?: ReportDayRange | null): ReportDayRange {
  if (preset === 'custom') return custom ?? resolvePreset('last7', today);
  return resolvePreset(preset, today);
}

/**
 * The days `range` is compared with. A "to date" preset compares with the same days of the
 * previous calendar period (1-27 Nov with 1-27 Oct, quarter to date with the same days of the
 * previous quarter, year to date with the same days last year), or of the same period last year;
 * other ranges follow comparisonRange (whole months with the months before, else the same number
 * of days right before). A custom comparison without its days compares with the previous period.
 */
export function comparedPeriod(
  range: ReportDayRange,
  preset: DatePresetKey,
  mode: ComparisonMode = 'previous',
  custom?: ReportDayRange | null,
): ReportDayRange {
  if (mode === 'custom' && custom) return comparisonRange(range, 'custom', custom);
  const plain = mode === 'yearAgo' ? 'yearAgo' : 'previous';
  const months = TO_DATE_PERIOD_MONTHS[preset];
  if (months !== undefined) return sameDaysEarlier(range, plain === 'yearAgo' ? 12 : months);
  return comparisonRange(range, plain);
}

/** A choice resolved on `today` (a day of the reporting time zone). */
export function resolvePeriods(choice: PeriodChoice, today: ReportDay): ResolvedPeriods {
  const range = presetDays(choice.preset, today, choice.custom);
  return { range, compared: comparedPeriod(range, choice.preset, choice.compare, choice.compareCustom) };
}

/** A choice resolved at an instant: today is the calendar day of `now` in the reporting time zone. */
export function resolvePeriodsAt(choice: PeriodChoice, timeZone: string, now: Date): ResolvedPeriods & { today: ReportDay } {
  const today = todayIn(timeZone, now);
  return { today, ...resolvePeriods(choice, today) };
}

/** What a comparison reads of a report answer: its totals and the first row of its time series. */
export interface PeriodSeries {
  totalRows: number;
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>;
  totals: Readonly<Record<string, number | null | undefined>>;
}

/**
 * What the facts cover of a period, read from its time series (Day or Month rows, time ascending):
 * none without a row; partial when the first row starts after the period does (the data begins
 * inside it) or the period reaches today (a day that is not over).
 */
export function coverageFromSeries(series: PeriodSeries | undefined, range: ReportDayRange, today: ReportDay): PeriodCoverage {
  if (!series || series.totalRows === 0) return 'none';
  if (range.to >= today) return 'partial';
  const first = series.rows[0];
  const day = typeof first?.date === 'string' ? first.date : undefined;
  const month = typeof first?.month === 'string' ? first.month : undefined;
  if (day !== undefined && day > range.from) return 'partial';
  if (month !== undefined && month > range.from.slice(0, 7)) return 'partial';
  return 'complete';
}

/** Per metric: the change of the totals, or why there is none (never a percentage of a partial period). */
export function totalsChanges(
  metrics: readonly string[],
  range: ReportDayRange,
  compared: ReportDayRange,
  now: PeriodSeries | undefined,
  before: PeriodSeries | undefined,
  today: ReportDay,
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
