import { dayToEpochNoon, reportsEndpoints, type ReportCallQuery, type ReportDay } from '@pc/contracts';

type DayField = 'dateFrom' | 'dateTo';

/**
 * A report call's query as an API test writes it: some or all of the declared fields (so a misspelt one
 * fails to compile), each value free (the validation tests send wrong ones on purpose), and the days
 * either as ISO days or as the epoch ms at noon the call takes.
 */
export type ReportPathQuery = Partial<Record<Exclude<keyof ReportCallQuery, DayField>, string>> &
  Partial<Record<DayField, ReportDay | number>>;

/** The report call's path (or its download's) with the query string of `query`. */
export function reportPath(query: ReportPathQuery, endpoint: 'report' | 'download' = 'report'): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const day = (name === 'dateFrom' || name === 'dateTo') && typeof value === 'string';
    params.set(name, String(day ? dayToEpochNoon(value) : value));
  }
  return `${reportsEndpoints[endpoint].path}?${params}`;
}
