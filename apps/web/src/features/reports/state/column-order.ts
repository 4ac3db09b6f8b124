import { DIMENSIONS, METRICS, type ReportResult } from '@pc/contracts';

type Column = ReportResult['columns'][number];

const isMetric = (c: Column) => Object.hasOwn(METRICS, c.key);
const isDimension = (c: Column) => Object.hasOwn(DIMENSIONS, c.key);

/**
 * The order the table shows: the time column and the first dimension, then the metrics, then the
 * other dimensions. With three dimensions the money columns would otherwise start past the width of
 * a laptop screen; the first dimension still names each row and the rest stay a scroll away.
 */
export function displayColumns(columns: readonly Column[]): Column[] {
  const first = columns.findIndex(isDimension);
  if (first < 0) return [...columns];
  const rest = columns.slice(first + 1);
  return [...columns.slice(0, first + 1), ...rest.filter(isMetric), ...rest.filter((c) => !isMetric(c))];
}

/** The columns that name a row (time and dimensions) and the chosen metrics, in the server's order. */
export function splitColumns(columns: readonly Column[]): { names: Column[]; metrics: Column[] } {
  return { names: columns.filter((c) => !isMetric(c)), metrics: columns.filter(isMetric) };
}
