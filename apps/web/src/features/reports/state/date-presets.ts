import { comparedPeriod, dayToEpochNoon, DEFAULT_REPORTING_TIME_ZONE, resolvePreset, todayIn, type ComparisonMode } from '@pc/contracts';
import type { DatePresetKey } from '../../../lib/report-links';

/** A calendar day as YYYY-MM-DD; all arithmetic is on local calendar days, never on instants. */
export type IsoDay = string;
export interface DayRange {
  from: IsoDay;
  to: IsoDay;
}

export const PRESET_LABELS: Record<DatePresetKey, string> = {
  yesterday: 'Yesterday',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisQuarter: 'This quarter',
  yearToDate: 'Year to date',
  last12Months: 'Last 12 months',
  custom: 'Custom range',
};

const pad = (n: number) => String(n).padStart(2, '0');

export function toIsoDay(d: Date): IsoDay {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "2026-03-05" -> a local Date at noon (noon: a DST shift can never move it to another day). */
export function fromIsoDay(day: IsoDay): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12, 0, 0, 0);
}

export const isIsoDay = (s: string | null | undefined): s is IsoDay =>
  !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && toIsoDay(fromIsoDay(s)) === s;

/**
 * docs/product.md#validation: dates are sent as YYYY-MM-DD with the time set to noon, as epoch ms. Noon in UTC:
 * the browser's local noon is the previous UTC day east of UTC+12.
 */
export function epochAtNoon(day: IsoDay): number {
  return dayToEpochNoon(day);
}

/** Today in the reporting time zone (UTC until a publisher sets one), not the browser's zone. */
export function reportingToday(timeZone: string = DEFAULT_REPORTING_TIME_ZONE): IsoDay {
  return todayIn(timeZone);
}

export function addDays(day: IsoDay, n: number): IsoDay {
  const d = fromIsoDay(day);
  d.setDate(d.getDate() + n);
  return toIsoDay(d);
}

/** Inclusive number of days in a range. */
export function rangeLength({ from, to }: DayRange): number {
  return Math.round((fromIsoDay(to).getTime() - fromIsoDay(from).getTime()) / 86_400_000) + 1;
}

/**
 * The preset's range relative to `today`. Facts end yesterday, so every preset ends yesterday and
 * never offers today (a partial day) as complete; "This month" on the 1st is just today (an empty
 * but honest range, marked partial). "Last 12 months" is the 12 whole months before this one, so
 * it compares month for month.
 */
export function presetRange(preset: Exclude<DatePresetKey, 'custom'>, todayDate: Date | IsoDay = reportingToday()): DayRange {
  return resolvePreset(preset, typeof todayDate === 'string' ? todayDate : toIsoDay(todayDate));
}

/**
 * The period `range` is compared with: a "to date" preset with the same days of the previous month,
 * quarter or year; whole months with the previous calendar month(s); other ranges with the same
 * number of days right before; or the same dates a year earlier; or a custom range. The server and
 * the home page use the same calendar (@pc/contracts report-calendar).
 */
export function previousRange(
  range: DayRange,
  mode: ComparisonMode = 'previous',
  custom?: DayRange | null,
  preset: DatePresetKey = 'custom',
): DayRange {
  return comparedPeriod(range, preset, mode, custom);
}

/** Every day of the range, in order. */
export function daysOf(range: DayRange): IsoDay[] {
  const out: IsoDay[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Every month (YYYY-MM) the range touches, in order. */
export function monthsOf(range: DayRange): string[] {
  const out: string[] = [];
  const end = range.to.slice(0, 7);
  const d = fromIsoDay(`${range.from.slice(0, 7)}-01`);
  for (let m = toIsoDay(d).slice(0, 7); m <= end; d.setMonth(d.getMonth() + 1), m = toIsoDay(d).slice(0, 7)) out.push(m);
  return out;
}
