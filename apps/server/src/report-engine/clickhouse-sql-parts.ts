import type { DimensionKey, MetricKey } from '@pc/contracts';
import type { ChParams } from './clickhouse-exec';
import { DIMENSION_COLUMN } from './dimension-columns';
import type { ReportPlan } from './report-plan';
import { CH_MONTH_SOURCES } from './clickhouse-derived';
import type { MonthSplit } from './month-rollups';

/**
 * The pieces clickhouse-sql.ts builds the report engine's ClickHouse statements from. Identifiers
 * come only from fixed maps keyed by catalog keys; every user value is a `{name:Type}` parameter
 * the server binds, never text in the statement.
 *
 * join_use_nulls: ClickHouse fills the missing side of an outer join with default values ('' and
 * 0) unless told to use NULL; the site-name join's COALESCE needs NULLs, as in standard SQL.
 */
export const JOIN_USE_NULLS = 'join_use_nulls = 1';

/**
 * The settings of an interactive report statement. No JIT: ClickHouse compiles an expression, an
 * aggregate or a sort the third time it sees it, in the statement that triggers it, and a report
 * sums a few thousand rows, where compiled code gains nothing. Each report shape's fourth call took
 * 20-85 ms longer than the others (Day / size 101 ms against 17, chDB, 10 M-row bench), the tail
 * that made its p95; without JIT no call stood out and the others were as fast or faster
 * (Cumulative / type x deal 10 ms against 14-17). Exports keep JIT (STREAM_SETTINGS): one compile
 * over a million rows.
 */
export const SETTINGS = `SETTINGS ${JOIN_USE_NULLS}, compile_expressions = 0, compile_aggregate_expressions = 0, compile_sort_description = 0`;

/** A base sum of a row (r, i, rv, nrv, pv, ck) as an expression: a column with a prefix, or a window. */
export type Part = (name: string) => string;
export const prefixed =
  (prefix: string): Part =>
  (name) =>
    `${prefix}${name}`;

/** Each metric over the summed parts of a row (see duckdb-sql.ts); nullIf turns x/0 into NULL. */
export const METRIC_SQL: Readonly<Record<MetricKey, (p: Part) => string>> = {
  impRequests: (p) => `toFloat64(${p('r')})`,
  impressions: (p) => `toFloat64(${p('i')})`,
  fillRate: (p) => `${p('i')} / nullIf(${p('r')}, 0)`,
  revenue: (p) => `toFloat64(${p('rv')})`,
  netRevenue: (p) => `toFloat64(${p('nrv')})`,
  eCpm: (p) => `${p('rv')} * 1000.0 / nullIf(${p('r')}, 0)`,
  netECpm: (p) => `${p('nrv')} * 1000.0 / nullIf(${p('r')}, 0)`,
  cpm: (p) => `${p('rv')} * 1000.0 / nullIf(${p('i')}, 0)`,
  netCpm: (p) => `${p('nrv')} * 1000.0 / nullIf(${p('i')}, 0)`,
  organicPageViews: (p) => `toFloat64(${p('pv')})`,
  organicClicks: (p) => `toFloat64(${p('ck')})`,
  organicCtr: (p) => `${p('ck')} / nullIf(${p('pv')}, 0)`,
};
export const NULL_METRIC = 'CAST(NULL AS Nullable(Float64))';

export interface BuiltChSql {
  sql: string;
  params: ChParams;
}

export const keyAlias = (d: DimensionKey) => `k_${d}`;
export const q = (identifier: string) => `"${identifier}"`;
export const WHERE = 'publisher_id = {pub:String} AND date BETWEEN {from:Date} AND {to:Date}';

/** `AND col [NOT] IN {fN:Array(String)}` for the plan's filters on columns `table` holds (see duckdb-sql.ts). */
export function filterSql(plan: Pick<ReportPlan, 'filters'>, params: ChParams, has: (d: DimensionKey) => boolean): string {
  return plan.filters
    .map((f, n) => {
      if (!has(f.dimension)) return '';
      params[`f${n}`] = f.values;
      return ` AND ${DIMENSION_COLUMN[f.dimension]} ${f.mode === 'include' ? 'IN' : 'NOT IN'} {f${n}:Array(String)}`;
    })
    .join('');
}

/** Whether a revenue plan reads the request facts (a request metric at the request grain). */
export const wantsRequests = (plan: ReportPlan) =>
  plan.requestsAvailable && plan.metrics.some((m) => m === 'impRequests' || m === 'fillRate' || m === 'eCpm' || m === 'netECpm');

/** A table and its WHERE, to follow FROM; `monthCopy` when it is a month copy (one row per month and key). */
export interface SourcePart {
  from: string;
  monthCopy: boolean;
}

/**
 * Where the rows of `table` for the range are read: whole months from its month copy plus the cut
 * edges from its day rows (month-rollups.ts and CH_MONTH_SOURCES, filled by clickhouse-derived.ts), or the day rows
 * alone when there is no split or no month copy. The parts never overlap, so grouping their union
 * gives what grouping the day rows would.
 */
export function sourceParts(table: string, split: MonthSplit | null, params: ChParams, filters: string): SourcePart[] {
  const where = (t: string, from: string, to: string) =>
    `${t} WHERE publisher_id = {pub:String} AND date BETWEEN {${from}:Date} AND {${to}:Date}${filters}`;
  if (!split || !CH_MONTH_SOURCES.some((m) => m.table === table)) return [{ from: where(table, 'from', 'to'), monthCopy: false }];
  params.m_from = split.wholeFrom;
  params.m_to = split.wholeTo;
  const parts = [{ from: where(`${table}_m`, 'm_from', 'm_to'), monthCopy: true }];
  if (split.head) {
    params.h_to = split.head.to;
    parts.push({ from: where(table, 'from', 'h_to'), monthCopy: false });
  }
  if (split.tail) {
    params.t_from = split.tail.from;
    parts.push({ from: where(table, 't_from', 'to'), monthCopy: false });
  }
  return parts;
}

/**
 * Whether a report's statement carries the finalized date: yes when the caller does not know it
 * (KnownReportFacts). The scalar subquery costs about 1.5 ms of ClickHouse planning per statement
 * (chDB, 10 M-row bench), a fifth of a few-row report, so the report cache keeps the date instead.
 */
export interface FinalizedColumn {
  finalized: boolean;
}

/**
 * `, (subquery) AS __fin` when `opts.finalized`, else nothing: the finalized date of the plan's
 * publisher and report type (YYYY-MM-DD, NULL when none) as a scalar subquery, so a report whose
 * caller does not know it is still one round trip instead of two.
 */
export function finalizedColumn(plan: ReportPlan, params: ChParams, opts: FinalizedColumn): string {
  if (!opts.finalized) return '';
  params.fin_type = plan.reportType;
  return `, (SELECT if(count() = 0, NULL, toString(argMax(date, version))) FROM finalized_through
    WHERE publisher_id = {pub:String} AND report_type = {fin_type:String}) AS __fin`;
}

export function baseParams(plan: ReportPlan): ChParams {
  return { pub: plan.publisherId, from: plan.dateFrom, to: plan.dateTo };
}
