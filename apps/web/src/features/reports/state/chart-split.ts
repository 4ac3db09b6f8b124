import { ROW_LIMIT, type DimensionKey, type MetricKey, type ReportFilter, type ReportResult, type ReportType } from '@pc/contracts';
import { daysOf, monthsOf, type DayRange } from './date-presets';
import { toApiQuery, type BuilderState, type ReportApiQuery } from './report-query';

/** The chart split into the top values of one dimension plus "Other". */
export const SPLIT_TOP_N = 5;
export const OTHER_KEY = 'other';

/**
 * How many values fit: the split query answers at most ROW_LIMIT rows (periods x values), so a
 * long daily range shows fewer lines instead of a cut-off series.
 */
export function splitTopN(range: DayRange, monthly: boolean): number {
  const periods = (monthly ? monthsOf(range) : daysOf(range)).length;
  return Math.max(1, Math.min(SPLIT_TOP_N, Math.floor(ROW_LIMIT / Math.max(1, periods))));
}

/** The filters with `dimension` narrowed to `values` (the split series) or to all but them (Other). */
export function splitFilters(
  filters: readonly ReportFilter[],
  dimension: DimensionKey,
  values: string[],
  mode: 'only' | 'others',
): ReportFilter[] | null {
  const rest = filters.filter((f) => f.dimension !== dimension);
  const own = filters.find((f) => f.dimension === dimension);
  if (mode === 'only') return [...rest, { dimension, mode: 'include', values }];
  // Other = what the user's own filter on this dimension lets through, minus the top values.
  if (own?.mode === 'include') {
    const left = own.values.filter((v) => !values.includes(v));
    // Null: nothing is left for Other.
    return left.length ? [...rest, { dimension, mode: 'include', values: left }] : null;
  }
  const excluded = [...new Set([...(own?.values ?? []), ...values])];
  return [...rest, { dimension, mode: 'exclude', values: excluded }];
}

/** The values ranked by the chart metric over the whole range (one row per value). */
export function splitRankQuery(
  type: ReportType,
  publisherId: string,
  range: DayRange,
  state: BuilderState,
  dimension: DimensionKey,
): ReportApiQuery {
  return toApiQuery(type, publisherId, range, {
    dimensions: [dimension],
    metrics: [state.chartMetric],
    interval: 'Cumulative',
    sort: { key: state.chartMetric, dir: 'desc' },
    filters: state.filters,
  });
}

export function splitSeriesQuery(
  type: ReportType,
  publisherId: string,
  range: DayRange,
  state: BuilderState,
  dimension: DimensionKey,
  filterValues: string[],
  mode: 'only' | 'others',
): ReportApiQuery | null {
  const filters = splitFilters(state.filters, dimension, filterValues, mode);
  if (!filters) return null;
  return toApiQuery(type, publisherId, range, {
    dimensions: mode === 'only' ? [dimension] : [],
    metrics: [state.chartMetric],
    interval: state.interval === 'Month' ? 'Month' : 'Day',
    filters,
  });
}

/** The top rows' labels (what the table shows, e.g. site names), best first. */
export function topLabels(rank: ReportResult | undefined, dimension: DimensionKey, metric: MetricKey, n: number): string[] {
  return (rank?.rows ?? [])
    .filter((r) => typeof r[metric] === 'number' && typeof r[dimension] === 'string')
    .slice(0, n)
    .map((r) => String(r[dimension]));
}

/**
 * One point per period: each top value's figure under `s0`, `s1`..., and Other's under `other`.
 * Missing periods are gaps. For a summed metric the lines add up to the unsplit chart's value.
 */
export function splitPoints(opts: {
  dimension: DimensionKey;
  metric: MetricKey;
  monthly: boolean;
  range: DayRange;
  labels: string[];
  split: ReportResult | undefined;
  other: ReportResult | undefined;
  periodLabel: (p: string) => string;
}): Record<string, string | number | null>[] {
  const { dimension, metric, monthly, labels } = opts;
  const timeKey = monthly ? 'month' : 'date';
  const cell = new Map<string, number>();
  for (const row of opts.split?.rows ?? []) {
    const v = row[metric];
    if (typeof v === 'number') cell.set(`${String(row[timeKey])}|${String(row[dimension])}`, v);
  }
  const other = new Map<string, number>();
  for (const row of opts.other?.rows ?? []) {
    const v = row[metric];
    if (typeof v === 'number') other.set(String(row[timeKey]), v);
  }
  return (monthly ? monthsOf(opts.range) : daysOf(opts.range)).map((p) => {
    const point: Record<string, string | number | null> = { x: opts.periodLabel(p) };
    labels.forEach((label, i) => (point[`s${i}`] = cell.get(`${p}|${label}`) ?? null));
    point[OTHER_KEY] = opts.other ? (other.get(p) ?? null) : null;
    return point;
  });
}
