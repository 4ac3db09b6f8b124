import {
  DIMENSIONS,
  INTERVALS,
  METRICS,
  REPORT_DEFINITIONS,
  REPORT_TYPES,
  REQUEST_GRAIN_DIMENSIONS,
  ROW_LIMIT,
  TIME_COLUMNS,
  type DimensionKey,
  type Interval,
  type MetricKey,
  type ReportFilter,
  type ReportType,
  type TimeColumnKey,
} from '@pc/contracts';
import { ReportQueryError, type ColumnKey, type ReportColumn, type ReportQuery } from './report-engine';

/**
 * Engine-agnostic part of a query: validated keys, output columns, which metrics are unavailable
 * and why, and the sort order. Every key here comes from the catalog, so SQL builders can map
 * keys to fixed SQL without ever seeing user text.
 */
export interface ReportPlan {
  reportType: ReportType;
  publisherId: string;
  dateFrom: string;
  dateTo: string;
  interval: Interval;
  timeColumn: TimeColumnKey | null;
  dimensions: DimensionKey[];
  metrics: MetricKey[];
  /** Validated filters, at most one per dimension. */
  filters: ReportFilter[];
  columns: ReportColumn[];
  /** False when a dimension finer than site x product type is chosen. */
  requestsAvailable: boolean;
  unavailableMetrics: Partial<Record<MetricKey, string>>;
  /** Ordered sort keys (all are output column keys); the first is the user's choice if any. */
  sort: { key: ColumnKey; dir: 'asc' | 'desc' }[];
  limit: number;
}

/** The dimensions a plan's filters are on: a rollup table serves the plan only when it keeps them too. */
export const filterDims = (plan: Pick<ReportPlan, 'filters'>) => plan.filters.map((f) => f.dimension);

/** Upper bound for an interactive page; exports use streamRows instead. */
const MAX_LIMIT = 100_000;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isValidIsoDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function planReport(query: ReportQuery): ReportPlan {
  const { reportType, publisherId, dateFrom, dateTo, interval } = query;
  if (!(REPORT_TYPES as readonly string[]).includes(reportType)) throw new ReportQueryError(`Unknown report type "${String(reportType)}".`);
  if (typeof publisherId !== 'string' || publisherId.length === 0) throw new ReportQueryError('A publisher is required.');
  if (!isValidIsoDate(dateFrom) || !isValidIsoDate(dateTo)) throw new ReportQueryError('Dates must be valid YYYY-MM-DD dates.');
  if (dateFrom > dateTo) throw new ReportQueryError('The start date must not be after the end date.');
  if (!(INTERVALS as readonly string[]).includes(interval)) throw new ReportQueryError(`Unknown interval "${String(interval)}".`);

  const def = REPORT_DEFINITIONS[reportType];
  const dimensions = unique(query.dimensions);
  for (const d of dimensions) {
    if (!def.dimensions.includes(d)) throw new ReportQueryError(`Unknown dimension "${String(d)}" for the ${reportType} report.`);
  }
  const metrics = unique(query.metrics);
  if (metrics.length === 0) throw new ReportQueryError('Choose at least one metric.');
  for (const m of metrics) {
    if (!def.metrics.includes(m)) throw new ReportQueryError(`Unknown metric "${String(m)}" for the ${reportType} report.`);
  }
  const filters = planFilters(query.filters ?? [], def.dimensions);
  const limit = query.limit ?? ROW_LIMIT;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT)
    throw new ReportQueryError(`The row limit must be an integer from 0 to ${MAX_LIMIT}.`);

  const timeColumn: TimeColumnKey | null = interval === 'Day' ? 'date' : interval === 'Month' ? 'month' : null;
  const columns: ReportColumn[] = [];
  if (timeColumn) columns.push({ ...TIME_COLUMNS[timeColumn] });
  for (const d of dimensions) columns.push({ key: d, label: DIMENSIONS[d].label, kind: 'text' });
  for (const m of metrics) columns.push({ key: m, label: METRICS[m].label, kind: METRICS[m].kind });

  const finer = dimensions.filter((d) => !REQUEST_GRAIN_DIMENSIONS.includes(d));
  const finerFilters = unique(filters.map((f) => f.dimension).filter((d) => !REQUEST_GRAIN_DIMENSIONS.includes(d)));
  const requestsAvailable = reportType !== 'revenue' || (finer.length === 0 && finerFilters.length === 0);
  const unavailableMetrics: Partial<Record<MetricKey, string>> = {};
  if (!requestsAvailable) {
    for (const m of metrics) {
      if (METRICS[m].usesRequests) unavailableMetrics[m] = unavailableReason(m, finer, finerFilters);
    }
  }

  return {
    reportType,
    publisherId,
    dateFrom,
    dateTo,
    interval,
    timeColumn,
    dimensions,
    metrics,
    filters,
    columns,
    requestsAvailable,
    unavailableMetrics,
    sort: sortOrder(query, columns, timeColumn, dimensions, metrics),
    limit,
  };
}

function unavailableReason(metric: MetricKey, finer: DimensionKey[], finerFilters: DimensionKey[]): string {
  const parts: string[] = [];
  if (finer.length) parts.push(`split by ${joinOr(finer.map((d) => DIMENSIONS[d].label))}`);
  if (finerFilters.length) parts.push(`filtered by ${joinOr(finerFilters.map((d) => DIMENSIONS[d].label))}`);
  const what = parts.join(' or ');
  if (metric === 'impRequests') {
    return `Impression requests are counted per site and product type, so they can't be ${what}.`;
  }
  return `${METRICS[metric].label} uses impression requests, which are counted per site and product type, so it can't be ${what}.`;
}

/** Known dimension, one filter per dimension, distinct values; an empty value list is dropped. */
function planFilters(filters: readonly ReportFilter[], allowed: readonly DimensionKey[]): ReportFilter[] {
  if (!Array.isArray(filters)) throw new ReportQueryError('Filters must be a list.');
  const out: ReportFilter[] = [];
  for (const f of filters) {
    if (!allowed.includes(f.dimension)) throw new ReportQueryError(`Unknown dimension "${String(f.dimension)}" to filter by.`);
    if (f.mode !== 'include' && f.mode !== 'exclude') throw new ReportQueryError('A filter mode must be include or exclude.');
    // Callers other than the route (saved reports, schedules) may hand over stored JSON.
    const raw: unknown = f.values;
    if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string'))
      throw new ReportQueryError('Filter values must be a list of strings.');
    if (out.some((o) => o.dimension === f.dimension)) throw new ReportQueryError(`Dimension "${f.dimension}" is filtered twice.`);
    const values = [...new Set(raw as string[])];
    if (values.length) out.push({ dimension: f.dimension, mode: f.mode, values });
  }
  return out;
}

function joinOr(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}

/**
 * Default: time ascending, then the first metric descending; dimensions ascending break ties so
 * pages are stable. A user sort goes first and the defaults follow as tie-breakers.
 */
function sortOrder(
  query: ReportQuery,
  columns: ReportColumn[],
  timeColumn: TimeColumnKey | null,
  dimensions: DimensionKey[],
  metrics: MetricKey[],
): ReportPlan['sort'] {
  const order: ReportPlan['sort'] = [];
  if (query.sort) {
    const col = columns.find((c) => c.key === query.sort?.key);
    if (!col) throw new ReportQueryError(`Cannot sort by "${String(query.sort.key)}": it is not a column of this report.`);
    if (query.sort.dir !== 'asc' && query.sort.dir !== 'desc') throw new ReportQueryError('Sort direction must be asc or desc.');
    order.push({ key: col.key, dir: query.sort.dir });
  }
  const defaults: ReportPlan['sort'] = [];
  if (timeColumn) defaults.push({ key: timeColumn, dir: 'asc' });
  const first = metrics[0];
  if (first) defaults.push({ key: first, dir: 'desc' });
  for (const d of dimensions) defaults.push({ key: d, dir: 'asc' });
  for (const s of defaults) if (!order.some((o) => o.key === s.key)) order.push(s);
  return order;
}

function unique<T>(values: readonly T[]): T[] {
  if (!Array.isArray(values)) throw new ReportQueryError('Dimensions and metrics must be lists.');
  return [...new Set(values)];
}
