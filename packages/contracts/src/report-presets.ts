import { shiftDays, shiftMonths, type ReportDay, type ReportDayRange } from './report-periods';

/**
 * Date presets, resolved against "today" in the reporting time zone. Shared so
 * the page and the report schedules (server) turn a saved "last 7 days" into the same days.
 */
export const DATE_PRESETS = [
  'yesterday',
  'last7',
  'last30',
  'last90',
  'thisMonth',
  'lastMonth',
  'thisQuarter',
  'yearToDate',
  'last12Months',
  'custom',
] as const;
export type DatePresetKey = (typeof DATE_PRESETS)[number];

const firstOfMonth = (day: ReportDay) => `${day.slice(0, 7)}-01`;

/**
 * Every preset ends yesterday, so none offers today (a partial day) as complete; a period that
 * starts today ("This month" on the 1st) is today only, marked partial by the page. "Last 12
 * months" is the 12 whole months before this one, so it compares month for month.
 */
export function resolvePreset(preset: Exclude<DatePresetKey, 'custom'>, today: ReportDay): ReportDayRange {
  const yesterday = shiftDays(today, -1);
  const upTo = (from: ReportDay): ReportDayRange => ({ from, to: yesterday < from ? today : yesterday });
  switch (preset) {
    case 'yesterday':
      return { from: yesterday, to: yesterday };
    case 'last7':
      return { from: shiftDays(today, -7), to: yesterday };
    case 'last30':
      return { from: shiftDays(today, -30), to: yesterday };
    case 'last90':
      return { from: shiftDays(today, -90), to: yesterday };
    case 'thisMonth':
      return upTo(firstOfMonth(today));
    case 'lastMonth':
      return { from: firstOfMonth(shiftMonths(firstOfMonth(today), -1)), to: shiftDays(firstOfMonth(today), -1) };
    case 'thisQuarter': {
      const month = Number(today.slice(5, 7));
      return upTo(firstOfMonth(shiftMonths(firstOfMonth(today), -((month - 1) % 3))));
    }
    case 'yearToDate':
      return upTo(`${today.slice(0, 4)}-01-01`);
    case 'last12Months':
      return { from: shiftMonths(firstOfMonth(today), -12), to: shiftDays(firstOfMonth(today), -1) };
  }
}
