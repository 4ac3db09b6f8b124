import {
  COMPARISON_MODES,
  DIMENSIONS,
  formatFilterParam,
  INTERVALS,
  parseFilterParam,
  REPORT_DEFINITIONS,
  unknownFilterDimension,
  type ComparisonMode,
  type DimensionKey,
  type Interval,
  type MetricKey,
  type ReportFilter,
  type ReportType,
} from '@pc/contracts';
import { DATE_PRESETS, ReportParams, type DatePresetKey, type ReportTab } from '../../../lib/report-links';
import { epochAtNoon, isIsoDay, presetRange, reportingToday, type DayRange, type IsoDay } from './date-presets';

/** Everything the builder chooses; it lives in the URL so reloads and shared links keep it. */
export interface BuilderState {
  preset: DatePresetKey;
  /** Only for the custom preset; the other presets are resolved against "today". */
  custom: DayRange | null;
  dimensions: DimensionKey[];
  metrics: MetricKey[];
  interval: Interval;
  sort: { key: string; dir: 'asc' | 'desc' } | null;
  chartMetric: MetricKey;
  /** Include/exclude filters, one per dimension. */
  filters: ReportFilter[];
  /** What the totals and the chart are compared with. */
  compare: ComparisonMode;
  /** Only for compare = custom. */
  compareCustom: DayRange | null;
}

export const MAX_DIMENSIONS = 3;

export const DEFAULTS: Record<
  ReportType,
  Omit<BuilderState, 'custom' | 'sort' | 'chartMetric' | 'filters' | 'compare' | 'compareCustom'> & { chartMetric: MetricKey }
> = {
  revenue: {
    preset: 'last7',
    dimensions: ['sites'],
    metrics: ['impressions', 'revenue', 'eCpm', 'cpm'],
    interval: 'Day',
    chartMetric: 'revenue',
  },
  recirculation: {
    preset: 'last7',
    dimensions: ['sites'],
    metrics: ['organicPageViews', 'organicClicks', 'organicCtr'],
    interval: 'Day',
    chartMetric: 'organicPageViews',
  },
};

/** Dimensions a user may pick: the report's, minus the ones the spec flags inactive. */
export const selectableDimensions = (type: ReportType): DimensionKey[] =>
  REPORT_DEFINITIONS[type].dimensions.filter((d) => !DIMENSIONS[d].inactive);

/** Keeps the catalog's order, drops unknown or duplicate keys. */
function pickList<K extends string>(raw: string | null, allowed: readonly K[]): K[] | null {
  if (raw === null) return null;
  const wanted = new Set(raw.split(',').map((s) => s.trim()));
  return allowed.filter((k) => wanted.has(k));
}

/** Reads the builder from the query string; anything missing or invalid falls back to defaults. */
export function parseBuilder(type: ReportType, params: URLSearchParams): BuilderState {
  const d = DEFAULTS[type];
  const presetRaw = params.get(ReportParams.preset);
  let preset: DatePresetKey = (DATE_PRESETS as readonly string[]).includes(presetRaw ?? '') ? (presetRaw as DatePresetKey) : d.preset;
  const from = params.get(ReportParams.from);
  const to = params.get(ReportParams.to);
  let custom: DayRange | null = null;
  if (preset === 'custom') {
    if (isIsoDay(from) && isIsoDay(to) && from <= to) custom = { from, to };
    else preset = d.preset;
  }
  const dims = pickList(params.get(ReportParams.dimensions), selectableDimensions(type));
  const metrics = pickList(params.get(ReportParams.metrics), REPORT_DEFINITIONS[type].metrics);
  const intervalRaw = params.get(ReportParams.interval);
  const interval = (INTERVALS as readonly string[]).includes(intervalRaw ?? '') ? (intervalRaw as Interval) : d.interval;
  const sortKey = params.get(ReportParams.sort);
  const dir = params.get(ReportParams.sortDir) === 'asc' ? 'asc' : 'desc';
  const chartRaw = params.get(ReportParams.chartMetric);
  const chartMetric = (REPORT_DEFINITIONS[type].metrics as readonly string[]).includes(chartRaw ?? '')
    ? (chartRaw as MetricKey)
    : d.chartMetric;
  const parsedFilters = parseFilterParam(params.get(ReportParams.filters));
  // A broken or foreign filter list (an old link, a hand edit) is dropped rather than sent.
  const filters = 'filters' in parsedFilters && !unknownFilterDimension(type, parsedFilters.filters) ? parsedFilters.filters : [];
  const compareRaw = params.get(ReportParams.compare);
  let compare: ComparisonMode = (COMPARISON_MODES as readonly string[]).includes(compareRaw ?? '')
    ? (compareRaw as ComparisonMode)
    : 'previous';
  const cFrom = params.get(ReportParams.compareFrom);
  const cTo = params.get(ReportParams.compareTo);
  let compareCustom: DayRange | null = null;
  if (compare === 'custom') {
    if (isIsoDay(cFrom) && isIsoDay(cTo) && cFrom <= cTo) compareCustom = { from: cFrom, to: cTo };
    else compare = 'previous';
  }
  return {
    preset,
    custom,
    dimensions: (dims ?? d.dimensions).slice(0, MAX_DIMENSIONS),
    metrics: metrics && metrics.length > 0 ? metrics : d.metrics,
    interval,
    sort: sortKey ? { key: sortKey, dir } : null,
    chartMetric,
    filters,
    compare,
    compareCustom,
  };
}

/** Writes the builder into the query string, keeping other parameters (the tab) as they are. */
export function writeBuilder(state: BuilderState, base: URLSearchParams): URLSearchParams {
  const p = new URLSearchParams(base);
  p.set(ReportParams.preset, state.preset);
  if (state.preset === 'custom' && state.custom) {
    p.set(ReportParams.from, state.custom.from);
    p.set(ReportParams.to, state.custom.to);
  } else {
    p.delete(ReportParams.from);
    p.delete(ReportParams.to);
  }
  p.set(ReportParams.dimensions, state.dimensions.join(','));
  p.set(ReportParams.metrics, state.metrics.join(','));
  p.set(ReportParams.interval, state.interval);
  if (state.sort) {
    p.set(ReportParams.sort, state.sort.key);
    p.set(ReportParams.sortDir, state.sort.dir);
  } else {
    p.delete(ReportParams.sort);
    p.delete(ReportParams.sortDir);
  }
  p.set(ReportParams.chartMetric, state.chartMetric);
  const f = formatFilterParam(state.filters);
  if (f) p.set(ReportParams.filters, f);
  else p.delete(ReportParams.filters);
  if (state.compare === 'previous') p.delete(ReportParams.compare);
  else p.set(ReportParams.compare, state.compare);
  if (state.compare === 'custom' && state.compareCustom) {
    p.set(ReportParams.compareFrom, state.compareCustom.from);
    p.set(ReportParams.compareTo, state.compareCustom.to);
  } else {
    p.delete(ReportParams.compareFrom);
    p.delete(ReportParams.compareTo);
  }
  return p;
}

export function parseTab(params: URLSearchParams): ReportTab {
  return params.get(ReportParams.tab) === 'tab_1' ? 'tab_1' : 'tab_0';
}

/** The date range the builder stands for today. */
export function resolveRange(state: Pick<BuilderState, 'preset' | 'custom'>, today: Date | IsoDay = reportingToday()): DayRange {
  if (state.preset === 'custom' && state.custom) return state.custom;
  return presetRange(state.preset === 'custom' ? 'last7' : state.preset, today);
}

/** The report call's query (docs/product.md#api-client) for a range; dimensions/metrics comma-joined. */
export type ReportApiQuery = Record<string, string | number>;

export function toApiQuery(
  type: ReportType,
  publisherId: string,
  range: DayRange,
  opts: Pick<BuilderState, 'dimensions' | 'metrics' | 'interval'> & { sort?: BuilderState['sort']; filters?: ReportFilter[] },
): ReportApiQuery {
  const q: ReportApiQuery = {
    reportType: type,
    publisherId,
    dateFrom: epochAtNoon(range.from),
    dateTo: epochAtNoon(range.to),
    dimensions: opts.dimensions.join(','),
    metrics: opts.metrics.join(','),
    interval: opts.interval,
  };
  if (opts.sort) {
    q.sort = opts.sort.key;
    q.sortDir = opts.sort.dir;
  }
  const filters = formatFilterParam(opts.filters ?? []);
  if (filters) q.filters = filters;
  return q;
}

/**
 * A file export's query: the table's, plus the comparison on screen (preset, mode, custom days), so
 * a revenue report's file carries its "What changed" sentence against the same days as the page.
 * A custom comparison without its days compares with the previous period, as the chart does.
 */
export function exportQuery(query: ReportApiQuery, state: Pick<BuilderState, 'preset' | 'compare' | 'compareCustom'>): ReportApiQuery {
  const custom = state.compare === 'custom' ? state.compareCustom : null;
  const q: ReportApiQuery = { ...query, preset: state.preset, compare: custom || state.compare !== 'custom' ? state.compare : 'previous' };
  if (custom) {
    q.compareFrom = epochAtNoon(custom.from);
    q.compareTo = epochAtNoon(custom.to);
  }
  return q;
}

/**
 * Drill-down: the clicked row's dimension values become include filters and the
 * split moves on to the next dimension not yet split or filtered; at the last one it only filters.
 */
export function drillDown(
  type: ReportType,
  state: Pick<BuilderState, 'dimensions' | 'filters'>,
  values: Partial<Record<DimensionKey, string[]>>,
): Pick<BuilderState, 'dimensions' | 'filters'> {
  const filters = state.filters.filter((f) => values[f.dimension] === undefined);
  for (const d of state.dimensions) {
    const v = values[d];
    if (v && v.length) filters.push({ dimension: d, mode: 'include', values: v });
  }
  const used = new Set<DimensionKey>(filters.map((f) => f.dimension));
  const next = selectableDimensions(type).find((d) => !used.has(d));
  return { filters, dimensions: next ? [next] : state.dimensions };
}

/**
 * The chart's query: no dimensions (one series over time), the table's metrics plus the chart
 * metric, by day (or by month when the table is monthly). The same query over the previous
 * period gives the comparison series and the totals' deltas.
 */
export function timelineQuery(type: ReportType, publisherId: string, range: DayRange, state: BuilderState): ReportApiQuery {
  const metrics = REPORT_DEFINITIONS[type].metrics.filter((m) => state.metrics.includes(m) || m === state.chartMetric);
  return toApiQuery(type, publisherId, range, {
    dimensions: [],
    metrics,
    interval: state.interval === 'Month' ? 'Month' : 'Day',
    filters: state.filters,
  });
}
