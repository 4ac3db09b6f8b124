import type { DimensionKey, MetricKey } from '@pc/contracts';
import { DIMENSION_COLUMN } from './dimension-columns';
import type { ReportPlan } from './report-plan';

// The pieces duckdb-sql.ts builds its statements from: metric expressions, bound filters, names.

/**
 * Each metric as an expression over the summed parts of a row (r = requests, i = impressions,
 * rv = revenue, nrv = net revenue, pv = page views, ck = clicks). NULLIF turns x/0 into NULL.
 */
export const METRIC_SQL: Readonly<Record<MetricKey, (p: string) => string>> = {
  impRequests: (p) => `${p}r::DOUBLE`,
  impressions: (p) => `${p}i::DOUBLE`,
  fillRate: (p) => `${p}i::DOUBLE / NULLIF(${p}r, 0)`,
  revenue: (p) => `${p}rv::DOUBLE`,
  netRevenue: (p) => `${p}nrv::DOUBLE`,
  eCpm: (p) => `${p}rv * 1000.0 / NULLIF(${p}r, 0)`,
  netECpm: (p) => `${p}nrv * 1000.0 / NULLIF(${p}r, 0)`,
  cpm: (p) => `${p}rv * 1000.0 / NULLIF(${p}i, 0)`,
  netCpm: (p) => `${p}nrv * 1000.0 / NULLIF(${p}i, 0)`,
  organicPageViews: (p) => `${p}pv::DOUBLE`,
  organicClicks: (p) => `${p}ck::DOUBLE`,
  organicCtr: (p) => `${p}ck::DOUBLE / NULLIF(${p}pv, 0)`,
};

export type SqlParams = Record<string, string | number>;

export interface BuiltSql {
  sql: string;
  params: SqlParams;
}

export const keyAlias = (d: DimensionKey) => `k_${d}`;

/**
 * `AND col IN (...)` / `AND col NOT IN (...)` for the plan's filters whose dimension `table`
 * holds (`has`); values are bound parameters. Dimensions are mapped through the fixed column map.
 */
export function filterSql(plan: Pick<ReportPlan, 'filters'>, params: SqlParams, has: (d: DimensionKey) => boolean): string {
  return plan.filters
    .map((f, n) => {
      if (!has(f.dimension)) return '';
      const names = f.values.map((v, m) => {
        params[`f${n}_${m}`] = v;
        return `$f${n}_${m}`;
      });
      return ` AND ${DIMENSION_COLUMN[f.dimension]} ${f.mode === 'include' ? 'IN' : 'NOT IN'} (${names.join(', ')})`;
    })
    .join('');
}

export const q = (identifier: string) => `"${identifier}"`;

/** A text as a DuckDB string literal (backslashes are not escapes in DuckDB's strings). */
export const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
