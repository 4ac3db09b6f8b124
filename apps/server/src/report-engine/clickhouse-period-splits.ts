import type { DimensionKey, ReportFilter } from '@pc/contracts';
import { DIMENSION_COLUMN } from './dimension-columns';
import type { ChParams, ClickHouseExec } from './clickhouse-exec';
import { filterSql, SETTINGS } from './clickhouse-sql-parts';
import { ReportQueryError } from './report-engine';
import { filterDims, planReport } from './report-plan';
import { DUCKDB_SALES_ROLLUPS, salesTableFor } from './sales-rollups';

/**
 * Revenue and impressions split by a few dimension sets over two periods, all in one ClickHouse
 * statement: what "what changed" (revenue-change/) reads. Each split and period is the rows of the
 * Cumulative report split that way, sorted by revenue (descending, then the dimensions), at most
 * `limit` of them, with the count of all: the same members as the report's, read in one round trip
 * instead of one statement per split and period. ClickHouse's planning, not the reading, is most of
 * a small report's time, and an in-process chDB session answers one statement at a time, so six
 * statements cost about six times one (about 20 ms each on the 10 M-row bench).
 *
 * Each split reads the smallest rollup that has its dimensions and filters, by day: both periods
 * from one pass over the days they span (a day in both periods counts in both), not the month
 * copies, whose second read and UNION cost more to plan than a year of a small rollup's day rows
 * costs to sum.
 */
export interface PeriodSplitsRequest {
  publisherId: string;
  filters: readonly ReportFilter[];
  periods: readonly [{ from: string; to: string }, { from: string; to: string }];
  /** One or two dimensions each; `sites`, when in a split, first (its values are the site names). */
  splits: readonly (readonly DimensionKey[])[];
  limit: number;
}

/** A split's members in one period: dimension values in the split's order, sorted as the report sorts them. */
export interface PeriodSplit {
  rows: { values: string[]; revenue: number; impressions: number }[];
  totalRows: number;
}

interface Row {
  s: number;
  p: number;
  v1: string;
  v2: string;
  revenue: number;
  impressions: number;
  n: number;
}

/** The statement of a request (exported for tests); throws ReportQueryError where the report would. */
export function buildChPeriodSplitsSql(req: PeriodSplitsRequest): { sql: string; params: ChParams } {
  if (req.splits.length === 0) throw new ReportQueryError('No split was asked for.');
  const [now, before] = req.periods;
  // Not f<N>: filterSql names its parameters so.
  const params: ChParams = {
    pub: req.publisherId,
    p0_from: now.from,
    p0_to: now.to,
    p1_from: before.from,
    p1_to: before.to,
    limit: req.limit,
  };
  params.lo = now.from < before.from ? now.from : before.from;
  params.hi = now.to > before.to ? now.to : before.to;
  const period = `arrayJoin(arrayFilter(x -> x < 2, [if(date BETWEEN {p0_from:Date} AND {p0_to:Date}, 0, 2), if(date BETWEEN {p1_from:Date} AND {p1_to:Date}, 1, 2)]))`;
  const branches = req.splits.map((dims, s) => {
    // The report's own validation (dates, filters, dimensions) for each split and period.
    const plans = req.periods.map((days) =>
      planReport({
        reportType: 'revenue',
        publisherId: req.publisherId,
        dateFrom: days.from,
        dateTo: days.to,
        dimensions: [...dims],
        metrics: ['revenue', 'impressions'],
        interval: 'Cumulative',
        ...(req.filters.length > 0 ? { filters: [...req.filters] } : {}),
      }),
    );
    const plan = plans[0]!;
    if (dims.length < 1 || dims.length > 2 || dims.indexOf('sites') > 0) throw new ReportQueryError('Unsupported split.');
    const table = salesTableFor([...dims, ...filterDims(plan)], DUCKDB_SALES_ROLLUPS);
    const [first, second] = dims.map((d) => DIMENSION_COLUMN[d]);
    return `SELECT toUInt8(${s}) AS s, ${period} AS p, ${first} AS k1, ${second ?? `''`} AS k2, revenue AS rv, impressions AS i
      FROM ${table} WHERE publisher_id = {pub:String} AND date BETWEEN {lo:Date} AND {hi:Date}${filterSql(plan, params, () => true)}`;
  });
  params.named = req.splits.flatMap((dims, s) => (dims[0] === 'sites' ? [String(s)] : []));
  const grouped = `SELECT s, p, k1, k2, sum(rv) AS rv, sum(i) AS i FROM (${branches.join(' UNION ALL ')}) GROUP BY s, p, k1, k2`;
  // Latest name per site id, as the report shows sites (clickhouse-sql.ts, rowSelect).
  const sql = `SELECT s, p, if(has({named:Array(String)}, toString(s)), COALESCE(st.name, g.k1), g.k1) AS v1, g.k2 AS v2,
      toFloat64(g.rv) AS revenue, toFloat64(g.i) AS impressions, toFloat64(count() OVER (PARTITION BY s, p)) AS n
    FROM (${grouped}) AS g LEFT JOIN (SELECT id, argMax(name, version) AS name FROM sites GROUP BY id) AS st ON st.id = g.k1
    ORDER BY s, p, revenue DESC, v1, v2 LIMIT {limit:UInt32} BY s, p ${SETTINGS}`;
  return { sql, params };
}

/** Runs a request: `[split][period]`, periods in the request's order (an empty split and period has no rows). */
export async function chPeriodSplits(ch: ClickHouseExec, req: PeriodSplitsRequest): Promise<PeriodSplit[][]> {
  const { sql, params } = buildChPeriodSplitsSql(req);
  const out: PeriodSplit[][] = req.splits.map(() => req.periods.map(() => ({ rows: [], totalRows: 0 })));
  for (const r of await ch.query<Row>(sql, params)) {
    const split = out[Number(r.s)]?.[Number(r.p)];
    if (!split) continue;
    const dims = req.splits[Number(r.s)]!;
    split.rows.push({ values: dims.length > 1 ? [r.v1, r.v2] : [r.v1], revenue: Number(r.revenue), impressions: Number(r.impressions) });
    split.totalRows = Number(r.n);
  }
  return out;
}
