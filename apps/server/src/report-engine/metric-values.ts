import { toNumberOrNull } from './result-rows';
import type { MetricKey, ReportType } from '@pc/contracts';

/** The base sums a report type's metrics are computed from (clickhouse-sql-parts.ts, METRIC_SQL). */
export const BASE_PARTS: Readonly<Record<ReportType, readonly string[]>> = {
  revenue: ['r', 'i', 'rv', 'nrv'],
  recirculation: ['pv', 'ck'],
};

/** A base sum as a driver returned it: a number, a 64-bit integer as text, or nothing. */
const num = (v: unknown): number | null => (typeof v === 'number' ? v : v == null || v === '' ? null : Number(v));
/** `top * scale / nullIf(bottom, 0)` in the same operations and order as the SQL, so bit for bit the same double. */
const ratio = (top: number | null, bottom: number | null, scale?: number): number | null =>
  top === null || bottom === null || bottom === 0 ? null : scale === undefined ? top / bottom : (top * scale) / bottom;

type Parts = (name: string) => number | null;

/**
 * Each metric from a row's base sums, as METRIC_SQL computes it in SQL (nullIf: x/0 is null). The
 * ClickHouse engine's interactive statements return the sums and leave the ratios to this: every
 * expression in a statement is more for ClickHouse to plan, and planning is most of a small
 * report's time.
 */
export const METRIC_VALUE: Readonly<Record<MetricKey, (p: Parts) => number | null>> = {
  impRequests: (p) => p('r'),
  impressions: (p) => p('i'),
  fillRate: (p) => ratio(p('i'), p('r')),
  revenue: (p) => p('rv'),
  netRevenue: (p) => p('nrv'),
  eCpm: (p) => ratio(p('rv'), p('r'), 1000),
  netECpm: (p) => ratio(p('nrv'), p('r'), 1000),
  cpm: (p) => ratio(p('rv'), p('i'), 1000),
  netCpm: (p) => ratio(p('nrv'), p('i'), 1000),
  organicPageViews: (p) => p('pv'),
  organicClicks: (p) => p('ck'),
  organicCtr: (p) => ratio(p('ck'), p('pv')),
};

/**
 * The plan's metrics of one row whose base sums are its `<prefix><part>` cells; null for a metric
 * the plan cannot answer (unavailable) and for one that is not a finite number.
 */
export function metricValues(
  metrics: readonly MetricKey[],
  unavailable: Partial<Record<MetricKey, string>>,
  row: Readonly<Record<string, unknown>>,
  prefix: string,
): Record<string, number | null> {
  const parts: Parts = (name) => num(row[`${prefix}${name}`]);
  const values: Record<string, number | null> = {};
  for (const m of metrics) values[m] = unavailable[m] ? null : toNumberOrNull(METRIC_VALUE[m](parts));
  return values;
}
