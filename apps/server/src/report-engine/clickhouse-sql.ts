import { REQUEST_GRAIN_DIMENSIONS, WIDGETS_EXCLUDED_FROM_SITE_TOTALS, type MetricKey } from '@pc/contracts';
import { BOTH_GRAINS_TABLE, DAY_ROWS } from './clickhouse-derived';
import type { ChParams } from './clickhouse-exec';
import { DIMENSION_COLUMN } from './dimension-columns';
import { filterDims, type ReportPlan } from './report-plan';
import { splitByMonths } from './month-rollups';
import { BASE_PARTS } from './metric-values';
import { DUCKDB_SALES_ROLLUPS, exactDayRollup, salesTableFor } from './sales-rollups';
import {
  baseParams,
  filterSql,
  finalizedColumn,
  type FinalizedColumn,
  keyAlias,
  METRIC_SQL,
  NULL_METRIC,
  prefixed,
  q,
  JOIN_USE_NULLS,
  SETTINGS,
  sourceParts,
  wantsRequests,
  WHERE,
  type BuiltChSql,
  type Part,
} from './clickhouse-sql-parts';

/**
 * ClickHouse statements of the report engine from a validated plan, the same shape as duckdb-sql.ts
 * in ClickHouse's dialect; the pieces they share (metrics, filters, month parts, parameters) are in
 * clickhouse-sql-parts.ts. Every user value is a bound `{name:Type}` parameter.
 */

/** A sales row's values under their base sums' names (i, rv, nrv): [alias, column]. */
const SALES: readonly [alias: string, column: string][] = [
  ['i', 'impressions'],
  ['rv', 'revenue'],
  ['nrv', 'net_revenue'],
];
const SALES_ROW = SALES.map(([alias, column]) => `${column} AS ${alias}`);
/** A sales-only aggregate's requests: none (NULL, so request metrics are unavailable, not 0). */
const NO_REQUESTS = 'CAST(NULL AS Nullable(Int64)) AS r';

/**
 * The per-key aggregate with base sums r/i/rv/nrv or pv/ck. `grouped: false` sums everything into
 * one row (totals without counting rows) while the dimensions still decide what is summed.
 */
function aggregateSql(plan: ReportPlan, params: ChParams, grouped = true, pageCut = false): string {
  const timeExpr = !grouped ? null : plan.timeColumn === 'date' ? 'date' : plan.timeColumn === 'month' ? 'toStartOfMonth(date)' : null;
  const keyDims = grouped ? plan.dimensions : [];
  const keys = [...(timeExpr ? [`${timeExpr} AS t`] : []), ...keyDims.map((d) => `${DIMENSION_COLUMN[d]} AS ${keyAlias(d)}`)];
  const keyNames = [...(timeExpr ? ['t'] : []), ...keyDims.map(keyAlias)];
  // HAVING keeps an ungrouped aggregate from returning one all-zero row when nothing matches; a
  // grouped one has no empty groups, and every clause is more for ClickHouse to plan.
  const groupBy = keyNames.length ? `GROUP BY ${keyNames.join(', ')}` : 'HAVING count() > 0';
  // Every filter applies to the sales and recirculation rows; requests take theirs below.
  const filters = filterSql(plan, params, () => true);
  // Month and Cumulative revenue read whole months from month copies where the table has one.
  const split = plan.reportType === 'revenue' && plan.timeColumn !== 'date' ? splitByMonths(plan.dateFrom, plan.dateTo) : null;
  // Each measure is summed (`rowExpr` per row); `consts` are the other grain's columns, as
  // constants. One part: grouped as it is read. Several (a month copy and cut days): each part
  // gives its keys and row values, and their UNION is grouped once, one layer and only the columns
  // used: ClickHouse's planning, not the reading, is most of a small report's time.
  const grain = (measures: readonly [alias: string, rowExpr: string][], consts: string[], table: string, rowFilters: string) => {
    const parts = sourceParts(table, split, params, rowFilters);
    const [only] = parts;
    if (parts.length === 1 && only) {
      const sums = measures.map(([alias, expr]) => `sum(${expr}) AS ${alias}`);
      return `SELECT ${[...keys, ...sums, ...consts].join(', ')} FROM ${only.from} ${groupBy}`;
    }
    const rowCols = [...keys, ...measures.map(([alias, expr]) => `${expr} AS ${alias}`)].join(', ');
    const sums = measures.map(([alias]) => `sum(${alias}) AS ${alias}`);
    return `SELECT ${[...keyNames, ...sums, ...consts].join(', ')}
      FROM (${parts.map((p) => `SELECT ${rowCols} FROM ${p.from}`).join(' UNION ALL ')}) ${groupBy}`;
  };
  if (plan.reportType === 'recirculation') {
    let pv = 'organic_page_views';
    // A widget split or filter is a question about those widgets: their page views all count.
    if (!plan.dimensions.includes('widget') && !filterDims(plan).includes('widget')) {
      params.excluded = WIDGETS_EXCLUDED_FROM_SITE_TOTALS;
      pv = 'if(widget NOT IN {excluded:Array(String)}, organic_page_views, 0)';
    }
    return grain(
      [
        ['pv', pv],
        ['ck', 'organic_clicks'],
      ],
      [],
      'recirculation',
      filters,
    );
  }

  const requests = wantsRequests(plan);
  const wantsSales = !requests || plan.metrics.some((m) => m !== 'impRequests');
  if (wantsSales && !requests) {
    // At a rollup's exact Day grain every row is one report row (one per key: clickhouse-derived.ts).
    const exact = grouped && plan.timeColumn === 'date' ? exactDayRollup(keyDims, filterDims(plan)) : null;
    if (!exact) return grain(SALES, [NO_REQUESTS], salesTableFor([...keyDims, ...filterDims(plan)], DUCKDB_SALES_ROLLUPS), filters);
    const exactWhere = `${WHERE}${filters}`;
    return `SELECT ${[...keys, ...SALES_ROW, NO_REQUESTS].join(', ')} FROM ${exact} WHERE ${exactWhere}${pageCut ? pageCutSql(plan, exact, exactWhere) : ''}`;
  }
  // Requests are only read when every filter is at the request grain (report-plan.ts).
  const requestFilters = filterSql(plan, params, (d) => REQUEST_GRAIN_DIMENSIONS.includes(d));
  if (!wantsSales) {
    return grain(
      [['r', 'imp_requests']],
      ['toInt64(0) AS i', 'toFloat64(0) AS rv', 'toFloat64(0) AS nrv'],
      'revenue_requests',
      requestFilters,
    );
  }
  // Both grains: the request and sales sums side by side in one table at the request grain, which
  // every key and filter of such a plan is at (report-plan.ts): one source instead of a UNION of
  // the two, each with its month copy and cut days (clickhouse-derived.ts, BOTH_GRAINS_TABLE).
  return grain([...SALES, ['r', 'imp_requests']], [], BOTH_GRAINS_TABLE, filters);
}

/**
 * At an exact Day grain each rollup row is one report row, so a page ordered by date first holds
 * only rows up to the date of the `limit`-th row in date order (from it, newest first): the page
 * is read from those days alone, and the join to site names and the sort see a few days' rows, not
 * the range's. The cut-off is a top-N read of `date` in the table's order (publisher_id, date, ...).
 * The same idea as DuckDB's counted page window (time-window.ts), without stored counts.
 */
function pageCutSql(plan: ReportPlan, table: string, where: string): string {
  const first = plan.sort[0];
  if (plan.limit <= 0 || first?.key !== 'date') return '';
  const desc = first.dir === 'desc';
  return ` AND date ${desc ? '>=' : '<='} (SELECT ${desc ? 'min' : 'max'}(date) FROM (SELECT date FROM ${table} WHERE ${where}
    ORDER BY date ${desc ? 'DESC' : 'ASC'} LIMIT {limit:UInt32}))`;
}

/**
 * `values`: each metric as SQL (exports stream the cells as they are); `parts`: the row's base
 * sums as `__p_<part>`, the engine computing the metrics (metric-values.ts).
 */
function rowSelect(plan: ReportPlan, metrics: 'values' | 'parts'): { select: string; from: string } {
  const cols: string[] = [];
  if (plan.timeColumn === 'date') cols.push(`toString(a.t) AS ${q('date')}`);
  if (plan.timeColumn === 'month') cols.push(`formatDateTime(a.t, '%Y-%m') AS ${q('month')}`);
  for (const d of plan.dimensions) {
    cols.push(d === 'sites' ? `COALESCE(st.name, a.k_sites) AS ${q(d)}` : `a.${keyAlias(d)} AS ${q(d)}`);
  }
  if (metrics === 'parts') for (const p of BASE_PARTS[plan.reportType]) cols.push(`a.${p} AS __p_${p}`);
  else for (const m of plan.metrics) cols.push(`${metricSql(plan, m, prefixed('a.'))} AS ${q(m)}`);
  const from = plan.dimensions.includes('sites')
    ? // Latest name per site id (the table keeps old versions until merged).
      `agg AS a LEFT JOIN (SELECT id, argMax(name, version) AS name FROM sites GROUP BY id) AS st ON st.id = a.k_sites`
    : 'agg AS a';
  return { select: cols.join(', '), from };
}

/** A metric over the row's parts `p`, NULL where the plan cannot answer it. */
function metricSql(plan: ReportPlan, m: MetricKey, p: Part): string {
  return plan.unavailableMetrics[m] ? NULL_METRIC : METRIC_SQL[m](p);
}

const isMetric = (key: string): key is MetricKey => key in METRIC_SQL;

/** With `parts` rows, a metric key is sorted by its expression over the row's sums (it is not a column). */
function orderBy(plan: ReportPlan, metrics: 'values' | 'parts'): string {
  const sortKey = (key: string) => (metrics === 'parts' && isMetric(key) ? metricSql(plan, key, prefixed('a.')) : q(key));
  return plan.sort.map((s) => `${sortKey(s.key)} ${s.dir === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`).join(', ');
}

/**
 * One page of rows (no totals): `limit` rows of the aggregate in the plan's order; at an exact Day
 * grain ordered by date, read from the page's days only (pageCutSql). `finalized`: each row also
 * carries the finalized date (`__fin`), for a page whose totals are summed from it.
 */
export function buildChPageSql(plan: ReportPlan, opts: FinalizedColumn = { finalized: false }): BuiltChSql {
  const params: ChParams = { ...baseParams(plan), limit: plan.limit };
  const agg = aggregateSql(plan, params, true, true);
  const { select, from } = rowSelect(plan, 'parts');
  const fin = finalizedColumn(plan, params, opts);
  return {
    sql: `WITH agg AS (${agg}) SELECT ${select}${fin} FROM ${from} ORDER BY ${orderBy(plan, 'parts')} LIMIT {limit:UInt32} ${SETTINGS}`,
    params,
  };
}

/**
 * A page with the row count (`__n`) and the summed parts (`__s_<part>`) on each row, in one
 * statement: window sums over every row of the aggregate are taken before the LIMIT, so the
 * aggregate is computed once (ClickHouse inlines a CTE named twice, so a separate totals statement
 * would aggregate it again). Rows and totals are base sums, the metrics computed by the engine
 * (metric-values.ts): on the 10 M-row bench (chDB) that took a third off the few-row reports, whose
 * time is mostly ClickHouse planning expressions (Cumulative / none 9.1 to 6.1 ms, Month / none 11
 * to 7 ms). Empty when the report has no rows: then buildChTotalsSql gives the zeros.
 */
export function buildChPageWithTotalsSql(plan: ReportPlan, opts: FinalizedColumn): BuiltChSql {
  const params: ChParams = { ...baseParams(plan), limit: plan.limit };
  const agg = aggregateSql(plan, params);
  const { select, from } = rowSelect(plan, 'parts');
  // Without a time column or dimensions the aggregate is one row (or none): its totals are its own
  // parts, and windows over that row would only be more to plan (Cumulative / none).
  const oneRow = plan.timeColumn === null && plan.dimensions.length === 0;
  const total = (p: string) => (oneRow ? `a.${p}` : `COALESCE(sum(a.${p}) OVER (), 0)`);
  const totals = BASE_PARTS[plan.reportType].map((p) => `${total(p)} AS __s_${p}`);
  const count = oneRow ? 'toFloat64(1)' : 'toFloat64(count() OVER ())';
  return {
    sql: `WITH agg AS (${agg}) SELECT ${[select, `${count} AS __n`, ...totals].join(', ')}${finalizedColumn(plan, params, opts)}
      FROM ${from} ORDER BY ${orderBy(plan, 'parts')} LIMIT {limit:UInt32} ${SETTINGS}`,
    params,
  };
}

/**
 * Whether the plan's page is read as rows of a rollup at its exact Day grain (sales metrics only):
 * no GROUP BY, so the count and totals are one cheap ungrouped pass and the page a top-N scan.
 */
export function isExactDayPlan(plan: ReportPlan): boolean {
  return (
    plan.reportType === 'revenue' &&
    plan.timeColumn === 'date' &&
    !wantsRequests(plan) &&
    exactDayRollup(plan.dimensions, filterDims(plan)) !== null
  );
}

/**
 * An export's bounds on ClickHouse's side: the groups and the sort spill to disk past these sizes
 * instead of growing with the export (a million-row export's sort alone is hundreds of MB), one
 * thread's buffers, and small blocks keep each streamed chunk small. Exports are rare and not interactive, so the
 * spill's cost is the right trade.
 */
const STREAM_SETTINGS = `SETTINGS ${JOIN_USE_NULLS}, max_threads = 1, max_block_size = 4096, max_bytes_before_external_sort = 32000000, max_bytes_before_external_group_by = 32000000`;

/** Every base part of an aggregate summed into one row as `__s_<part>` (0 when it has no rows). */
function summedParts(plan: ReportPlan): string {
  return BASE_PARTS[plan.reportType].map((p) => `COALESCE(sum(${p}), 0) AS __s_${p}`).join(', ');
}

/** Every row, ordered, for exports (the client streams it). */
export function buildChStreamSql(plan: ReportPlan): BuiltChSql {
  const params = baseParams(plan);
  const agg = aggregateSql(plan, params);
  const { select, from } = rowSelect(plan, 'values');
  return { sql: `WITH agg AS (${agg}) SELECT ${select} FROM ${from} ORDER BY ${orderBy(plan, 'values')} ${STREAM_SETTINGS}`, params };
}

/** Only the summed parts (`__s_<part>`) of a plan, from one ungrouped aggregate: an export's totals. */
export function buildChSummarySql(plan: ReportPlan): BuiltChSql {
  const params = baseParams(plan);
  const agg = aggregateSql(plan, params, false);
  return { sql: `SELECT ${summedParts(plan)} FROM (${agg}) ${SETTINGS}`, params };
}

/**
 * The row count (`__n`) and the summed parts (`__s_<part>`) of every row of a plan in one row: the
 * totals are metrics of the sums (metric-values.ts), so ratios are recomputed, not averaged.
 */
export function buildChTotalsSql(plan: ReportPlan, opts: FinalizedColumn): BuiltChSql {
  const exact = isExactDayPlan(plan) ? exactDayRollup(plan.dimensions, filterDims(plan)) : null;
  // A fine rollup only: a small one (size: 6 rows a day) sums its day rows faster than a second
  // read of it and its month copy can be planned.
  if (exact && plan.dimensions.length >= 3) return exactTotalsSql(plan, exact, opts);
  const params = baseParams(plan);
  const agg = aggregateSql(plan, params);
  return {
    sql: `SELECT toFloat64(count()) AS __n, ${summedParts(plan)}${finalizedColumn(plan, params, opts)} FROM (${agg}) ${SETTINGS}`,
    params,
  };
}

/**
 * buildChTotalsSql at a fine rollup's exact Day grain (every rollup row is a report row): the row
 * count and the sums come from the rollup's month copy for whole months (its DAY_ROWS counts the
 * day rows of each of its rows) plus the cut days (sourceParts, a row counting 1), a thirtieth of
 * the rows. A year of Day x site x size x brand (766,080 rows, chDB, 10 M-row bench): its day rows
 * summed in about 30 ms, or counted alone in about 5 ms; its month copies counted and summed
 * together in about 10 ms. Sales only: an exact plan reads no requests (isExactDayPlan), so `r` is
 * 0 as in the summed aggregate.
 */
function exactTotalsSql(plan: ReportPlan, table: string, opts: FinalizedColumn): BuiltChSql {
  const params = baseParams(plan);
  const filters = filterSql(plan, params, () => true);
  const parts = sourceParts(table, splitByMonths(plan.dateFrom, plan.dateTo), params, filters);
  const values = SALES.map(([, column]) => column).join(', ');
  const rows = parts.map((p) => `SELECT ${p.monthCopy ? DAY_ROWS : 'toInt64(1)'} AS n, ${values} FROM ${p.from}`).join(' UNION ALL ');
  const sums = SALES.map(([alias, column]) => `COALESCE(sum(${column}), 0) AS __s_${alias}`).join(', ');
  return {
    sql: `SELECT toFloat64(sum(n)) AS __n, toInt64(0) AS __s_r, ${sums}${finalizedColumn(plan, params, opts)} FROM (${rows}) ${SETTINGS}`,
    params,
  };
}
