/**
 * Report days and comparison periods. Pure calendar arithmetic on
 * YYYY-MM-DD strings, done in UTC so that the browser's own time zone can never shift a day:
 * the web and the server share these functions, so both sides count the same days.
 */

/** A calendar day as YYYY-MM-DD. */
export type ReportDay = string;
export interface ReportDayRange {
  from: ReportDay;
  to: ReportDay;
}

/** Reporting time zone when the publisher has none set. */
export const DEFAULT_REPORTING_TIME_ZONE = 'UTC';

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

function parts(day: ReportDay): [number, number, number] {
  return day.split('-').map(Number) as [number, number, number];
}

function fromUtc(d: Date): ReportDay {
  return d.toISOString().slice(0, 10);
}

/**
 * Spec: dates travel as "YYYY-MM-DD at noon", epoch ms. Noon is taken in UTC, not in the browser's
 * zone: local noon in UTC+13 is 23:00 UTC the day before, and local noon in UTC-10 and UTC+14
 * can be the very same instant, so no server could tell which day a local noon meant.
 */
export function dayToEpochNoon(day: ReportDay): number {
  const [y, m, d] = parts(day);
  return Date.UTC(y, m - 1, d, 12);
}

/** The inverse of dayToEpochNoon: the UTC calendar day of the instant. */
export function epochNoonToDay(ms: number): ReportDay {
  return fromUtc(new Date(ms));
}

/**
 * The day's number: days since 1970-01-01. The fact stores hand days of a series over as these
 * numbers (a number crosses into JavaScript for less than a date string), and a day axis is
 * indexed by them.
 */
export function dayNumber(day: ReportDay): number {
  const [y, m, d] = parts(day);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** The inverse of dayNumber. */
export function dayOfNumber(n: number): ReportDay {
  return fromUtc(new Date(n * DAY_MS));
}

export function isReportDay(s: string | null | undefined): s is ReportDay {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  return epochNoonToDay(dayToEpochNoon(s)) === s;
}

export function shiftDays(day: ReportDay, n: number): ReportDay {
  return epochNoonToDay(dayToEpochNoon(day) + n * DAY_MS);
}

/** Inclusive number of days in a range. */
export function rangeDays({ from, to }: ReportDayRange): number {
  return Math.round((dayToEpochNoon(to) - dayToEpochNoon(from)) / DAY_MS) + 1;
}

function daysInMonth(y: number, m1: number): number {
  return new Date(Date.UTC(y, m1, 0)).getUTCDate();
}

/** The same day `months` months away, clamped to the month's length (31 Mar - 1 month = 28/29 Feb). */
export function shiftMonths(day: ReportDay, months: number): ReportDay {
  const [y, m, d] = parts(day);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return `${ny}-${pad(nm)}-${pad(Math.min(d, daysInMonth(ny, nm)))}`;
}

const isFirstOfMonth = (day: ReportDay) => day.endsWith('-01');
const isLastOfMonth = (day: ReportDay) => {
  const [y, m, d] = parts(day);
  return d === daysInMonth(y, m);
};

/** Whole calendar months covered by the range, or 0 when it does not start and end on month bounds. */
export function wholeMonths({ from, to }: ReportDayRange): number {
  if (!isFirstOfMonth(from) || !isLastOfMonth(to) || to < from) return 0;
  const [fy, fm] = parts(from);
  const [ty, tm] = parts(to);
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** Today in the reporting time zone (an IANA name such as "Pacific/Auckland"; UTC by default). */
export function todayIn(timeZone: string = DEFAULT_REPORTING_TIME_ZONE, now: Date = new Date()): ReportDay {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export const COMPARISON_MODES = ['previous', 'yearAgo', 'custom'] as const;
export type ComparisonMode = (typeof COMPARISON_MODES)[number];

/**
 * The period a range is compared with. "previous": whole calendar months are compared with the
 * same number of months right before (October with September, a quarter with the quarter before);
 * any other range with the same number of days right before. "yearAgo": the same dates one year
 * earlier (whole months stay whole months, 29 February becomes 28). "custom": what the user chose.
 */
export function comparisonRange(range: ReportDayRange, mode: ComparisonMode, custom?: ReportDayRange): ReportDayRange {
  if (mode === 'custom') {
    if (!custom) throw new Error('A custom comparison needs its own range.');
    return custom;
  }
  const months = wholeMonths(range);
  if (mode === 'yearAgo') {
    const from = shiftMonths(range.from, -12);
    if (months > 0) return { from, to: endOfMonth(shiftMonths(range.to, -12)) };
    return { from, to: shiftMonths(range.to, -12) };
  }
  if (months > 0) return { from: shiftMonths(range.from, -months), to: shiftDays(range.from, -1) };
  const to = shiftDays(range.from, -1);
  return { from: shiftDays(to, -(rangeDays(range) - 1)), to };
}

function endOfMonth(day: ReportDay): ReportDay {
  const [y, m] = parts(day);
  return `${y}-${pad(m)}-${pad(daysInMonth(y, m))}`;
}

/**
 * The same days `months` months earlier: what a "to date" period (month, quarter or year to date)
 * is compared with. Days past the end of a shorter month are clamped (1-31 March -> 1-28/29
 * February), and whole months stay whole months (1 Jan - 28 Feb 2029 -> 1 Jan - 29 Feb 2028).
 */
export function sameDaysEarlier(range: ReportDayRange, months: number): ReportDayRange {
  const to = shiftMonths(range.to, -months);
  return { from: shiftMonths(range.from, -months), to: wholeMonths(range) > 0 ? endOfMonth(to) : to };
}

/** What is known about the data of a period. */
export type PeriodCoverage = 'complete' | 'partial' | 'none';

/**
 * How much of `range` the facts cover: `firstDataDay` is the first day with facts, `lastCompleteDay`
 * the last whole day (yesterday in the reporting zone). Today is never complete: its day is partial.
 */
export function coverageOf(range: ReportDayRange, firstDataDay: ReportDay | null, lastCompleteDay: ReportDay): PeriodCoverage {
  if (firstDataDay === null || range.to < firstDataDay || range.from > lastCompleteDay) return 'none';
  if (range.from < firstDataDay || range.to > lastCompleteDay) return 'partial';
  return 'complete';
}

/** A change to show: a percentage only when both periods are complete and the base is not zero. */
export type PeriodChange =
  { kind: 'change'; ratio: number } | { kind: 'noData' } | { kind: 'partialData' } | { kind: 'fromZero' } | { kind: 'partialDay' };

export function periodChange(
  current: number,
  previous: number,
  coverage: { current: PeriodCoverage; previous: PeriodCoverage },
): PeriodChange {
  // A period that ends today would be compared as if its partial day were complete.
  if (coverage.current !== 'complete') return { kind: 'partialDay' };
  if (coverage.previous === 'none') return { kind: 'noData' };
  if (coverage.previous === 'partial') return { kind: 'partialData' };
  if (previous === 0) return current === 0 ? { kind: 'change', ratio: 0 } : { kind: 'fromZero' };
  return { kind: 'change', ratio: (current - previous) / Math.abs(previous) };
}

/** The words shown instead of (or as) the percentage. */
export function describeChange(change: PeriodChange): string {
  switch (change.kind) {
    case 'change': {
      const shown = Math.abs(change.ratio * 100).toFixed(1);
      // A change that rounds to 0.0 % has no sign: "−0.0%" would read as a loss.
      const sign = shown === '0.0' ? '' : change.ratio > 0 ? '+' : '−';
      return `${sign}${shown}%`;
    }
    case 'noData':
      return 'No data for the comparison period';
    case 'partialData':
      return 'Partial data in the comparison period';
    case 'fromZero':
      return 'New (nothing in the comparison period)';
    case 'partialDay':
      return 'Includes a partial day, not compared';
  }
}
