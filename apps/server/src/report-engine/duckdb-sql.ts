import { REQUEST_GRAIN_DIMENSIONS, WIDGETS_EXCLUDED_FROM_SITE_TOTALS, type DimensionKey, type MetricKey } from '@pc/contracts';
import { filterDims, type ReportPlan } from './report-plan';
import { DUCKDB_SALES_ROLLUPS, exactDayRollup, salesTableFor } from './sales-rollups';
import { DIMENSION_COLUMN } from './dimension-columns';
import { filterSql, keyAlias, METRIC_SQL, q, type BuiltSql, type SqlParams } from './duckdb-sql-parts';
import { monthTableOf, splitByMonths, type MonthSplit } from './month-rollups';
import { enumCodeSql, type ColumnDictionaries } from './stream-codes';

/**
 * Builds DuckDB SQL from a validated plan. Identifiers come only from the fixed maps below
 * (keyed by catalog keys); every user value (publisher, dates, limit) is a bound parameter.
 *
 * Revenue has two grains: requests (day x site x product type) and sales (finer). Each grain is
 * aggregated on its own to the chosen keys and the two are joined on those keys, so request
 * counts are never repeated across sales rows.
 */

export type { BuiltSql, SqlParams } from './duckdb-sql-parts';

/** Whether a revenue plan reads the request facts (a request metric at the request grain). */
const wantsRequests = (plan: ReportPlan) =>
  plan.requestsAvailable && plan.metrics.some((m) => m === 'impRequests' || m === 'fillRate' || m === 'eCpm' || m === 'netECpm');

/**
 * The rows of `table` for the range as whole months from its month copy plus the cut edges from
 * its day rows (month-rollups.ts); null when it has no month copy. The parts never overlap, so
 * grouping their union gives what grouping the day rows would.
 */
function monthSourceSql(table: string, split: MonthSplit, params: SqlParams, filters: string): string | null {
  const month = monthTableOf(table);
  if (!month) return null;
  const part = (t: string, from: string, to: string) =>
    `SELECT * FROM ${t} WHERE publisher_id = $pub AND date BETWEEN CAST($${from} AS DATE) AND CAST($${to} AS DATE)${filters}`;
  // Every bound name must be used: a range that starts (ends) on a month edge reads $from ($to).
  const parts = [part(month, split.head ? 'm_from' : 'from', split.tail ? 'm_to' : 'to')];
  if (split.head) {
    params.m_from = split.wholeFrom;
    params.h_to = split.head.to;
    parts.push(part(table, 'from', 'h_to'));
  }
  if (split.tail) {
    params.m_to = split.wholeTo;
    params.t_from = split.tail.from;
    parts.push(part(table, 't_from', 'to'));
  }
  return parts.join(' UNION ALL ');
}

/**
 * The per-key aggregate (CTE body) with base sums r/i/rv/nrv or pv/ck. `grouped: false` sums
 * everything into one row (for totals) while the dimensions still decide what is summed.
 */
function aggregateSql(plan: ReportPlan, params: SqlParams, grouped = true): string {
  const timeExpr = plan.timeColumn === 'date' ? 'date' : plan.timeColumn === 'month' ? `date_trunc('month', date)::DATE` : null;
  const keyDims = grouped ? plan.dimensions : [];
  const keys = [...(timeExpr && grouped ? [`${timeExpr} AS t`] : []), ...keyDims.map((d) => `${DIMENSION_COLUMN[d]} AS ${keyAlias(d)}`)];
  const keyNames = [...(timeExpr && grouped ? ['t'] : []), ...keyDims.map(keyAlias)];
  const where = `publisher_id = $pub AND date BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)`;
  const groupBy = keyNames.length ? `GROUP BY ${keyNames.join(', ')}` : '';
  // Month and Cumulative revenue read whole months from month copies where the table has one.
  const split = plan.reportType === 'revenue' && plan.timeColumn !== 'date' ? splitByMonths(plan.dateFrom, plan.dateTo) : null;
  // HAVING keeps an ungrouped aggregate from returning one all-NULL row when nothing matches.
  const grain = (sums: string[], table: string, filters: string) => {
    const months = split ? monthSourceSql(table, split, params, filters) : null;
    if (months) return `SELECT ${[...keys, ...sums].join(', ')} FROM (${months}) ${groupBy} HAVING count(*) > 0`;
    return `SELECT ${[...keys, ...sums].join(', ')} FROM ${table} WHERE ${where}${filters} ${groupBy} HAVING count(*) > 0`;
  };

  if (plan.reportType === 'recirculation') {
    let pv = 'sum(organic_page_views)';
    // A widget split or filter is a question about those widgets: their page views all count.
    if (!plan.dimensions.includes('widget') && !filterDims(plan).includes('widget')) {
      const names = WIDGETS_EXCLUDED_FROM_SITE_TOTALS.map((w, n) => {
        params[`w${n}`] = w;
        return `$w${n}`;
      });
      pv = `sum(CASE WHEN widget IN (${names.join(', ')}) THEN 0 ELSE organic_page_views END)`;
    }
    return grain(
      [`${pv} AS pv`, 'sum(organic_clicks) AS ck'],
      'recirculation',
      filterSql(plan, params, () => true),
    );
  }

  const requests = wantsRequests(plan);
  // Sales also give the keys when requests cannot be split that finely (every metric is then null).
  const wantsSales = !requests || plan.metrics.some((m) => m !== 'impRequests');
  // At a rollup's exact Day grain every row is one report row: read them as they are.
  const exact = grouped && plan.timeColumn === 'date' ? exactDayRollup(keyDims, filterDims(plan)) : null;
  const sales = exact
    ? `SELECT ${[...keys, 'impressions AS i', 'revenue AS rv', 'net_revenue AS nrv'].join(', ')} FROM ${exact} WHERE ${where}${filterSql(plan, params, () => true)}`
    : grain(
        ['sum(impressions) AS i', 'sum(revenue) AS rv', 'sum(net_revenue) AS nrv'],
        salesTableFor([...keyDims, ...filterDims(plan)], DUCKDB_SALES_ROLLUPS),
        filterSql(plan, params, () => true),
      );
  // Requests are only read when every filter is at the request grain (report-plan.ts).
  if (wantsSales && !requests) return `SELECT *, NULL::BIGINT AS r FROM (${sales})`;
  const requestRows = grain(
    ['sum(imp_requests) AS r'],
    'revenue_requests',
    filterSql(plan, params, (d) => REQUEST_GRAIN_DIMENSIONS.includes(d)),
  );
  if (!wantsSales) return `SELECT *, 0::BIGINT AS i, 0::DOUBLE AS rv, 0::DOUBLE AS nrv FROM (${requestRows})`;
  const on = keyNames.length ? keyNames.map((k) => `s.${k} = rq.${k}`).join(' AND ') : 'TRUE';
  const merged = keyNames.map((k) => `COALESCE(s.${k}, rq.${k}) AS ${k}`);
  return `SELECT ${[...merged, 'COALESCE(s.i, 0) AS i', 'COALESCE(s.rv, 0) AS rv', 'COALESCE(s.nrv, 0) AS nrv', 'COALESCE(rq.r, 0) AS r'].join(', ')}
    FROM (${sales}) s FULL OUTER JOIN (${requestRows}) rq ON ${on}`;
}

/**
 * Output columns of one row, keyed by their catalog keys. A text column with a dictionary
 * (stream-codes.ts) is its value's code instead of its text.
 */
function rowSelect(plan: ReportPlan, dictionaries: ColumnDictionaries = {}): { select: string; from: string } {
  const cols: string[] = [];
  const text = (key: string, expr: string) => {
    const values = dictionaries[key];
    return `${values ? enumCodeSql(expr, values) : expr} AS ${q(key)}`;
  };
  if (plan.timeColumn === 'date') cols.push(text('date', `strftime(a.t, '%Y-%m-%d')`));
  if (plan.timeColumn === 'month') cols.push(text('month', `strftime(a.t, '%Y-%m')`));
  for (const d of plan.dimensions) cols.push(text(d, d === 'sites' ? 'COALESCE(st.name, a.k_sites)' : `a.${keyAlias(d)}`));
  for (const m of plan.metrics) {
    cols.push(`${plan.unavailableMetrics[m] ? 'NULL::DOUBLE' : METRIC_SQL[m]('a.')} AS ${q(m)}`);
  }
  const from = plan.dimensions.includes('sites') ? 'agg a LEFT JOIN sites st ON st.id = a.k_sites' : 'agg a';
  return { select: cols.join(', '), from };
}

/** ORDER BY of the plan's sort on the output columns (`prefix`: their table's alias). */
function orderBy(plan: ReportPlan, prefix = ''): string {
  return plan.sort.map((s) => `${prefix}${q(s.key)} ${s.dir === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`).join(', ');
}

/**
 * orderBy(plan) on `agg a`'s raw columns (a.t, a.k_*, metrics over a.*; the site name from `st`):
 * the same keys over the same values, whatever the output columns hold. An unavailable metric
 * (NULL on every row) orders nothing and is left out.
 */
function rawOrderBy(plan: ReportPlan): string {
  const keys = plan.sort.flatMap((s) => {
    let expr: string | null;
    if (s.key === plan.timeColumn) expr = 'a.t';
    else if (s.key === 'sites') expr = 'COALESCE(st.name, a.k_sites)';
    else if ((plan.dimensions as string[]).includes(s.key)) expr = `a.${keyAlias(s.key as DimensionKey)}`;
    else expr = plan.unavailableMetrics[s.key as MetricKey] ? null : METRIC_SQL[s.key as MetricKey]('a.');
    return expr ? [`${expr} ${s.dir === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`] : [];
  });
  return keys.length ? `ORDER BY ${keys.join(', ')}` : '';
}

/**
 * The top `limit` rows of `agg`, sorted on its raw columns (a.t, a.k_*, metrics over a.*), and
 * only then turned into output columns: formatting dates and dividing for every row of a big
 * aggregate cost more than the sort itself. Site names are joined before the sort only when the
 * order uses them. Ends sorted like orderBy(plan): the same keys over the same values.
 */
function topRowsSql(plan: ReportPlan): string {
  const order = rawOrderBy(plan);
  const join = (alias: string) => (plan.dimensions.includes('sites') ? `${alias} a LEFT JOIN sites st ON st.id = a.k_sites` : `${alias} a`);
  const top = `SELECT a.* FROM ${plan.sort.some((s) => s.key === 'sites') ? join('agg') : 'agg a'} ${order} LIMIT $limit`;
  const { select } = rowSelect(plan);
  return `SELECT ${select} FROM ${join(`(${top})`)} ${order}`;
}

function baseParams(plan: ReportPlan): SqlParams {
  return { pub: plan.publisherId, from: plan.dateFrom, to: plan.dateTo };
}

/** CTEs `tot` (row count and summed parts of `agg`) and `tot_m` (totals per metric, as __t_<key>). */
function totalsCtes(plan: ReportPlan): string {
  const sums =
    plan.reportType === 'recirculation'
      ? 'COALESCE(sum(pv), 0) AS pv, COALESCE(sum(ck), 0) AS ck'
      : 'COALESCE(sum(r), 0) AS r, COALESCE(sum(i), 0) AS i, COALESCE(sum(rv), 0) AS rv, COALESCE(sum(nrv), 0) AS nrv';
  const totals = plan.metrics.map((m) => `${plan.unavailableMetrics[m] ? 'NULL::DOUBLE' : METRIC_SQL[m]('s.')} AS ${q(`__t_${m}`)}`);
  return `tot AS (SELECT count(*)::BIGINT AS n, ${sums} FROM agg),
    tot_m AS (SELECT s.n::DOUBLE AS __n, ${totals.join(', ')} FROM tot s)`;
}

/**
 * One statement for a page: the aggregate is materialised once, then the top `limit` rows and the
 * totals (from summed parts, so ratios are recomputed, not averaged) are read from it. Totals sit
 * on every row (LEFT JOIN from the one-row totals, so an empty page still returns them).
 */
export function buildPageSql(plan: ReportPlan): BuiltSql {
  const params: SqlParams = { ...baseParams(plan), limit: plan.limit };
  const agg = aggregateSql(plan, params);
  const sql = `WITH agg AS MATERIALIZED (${agg}),
    page AS (${topRowsSql(plan)}),
    ${totalsCtes(plan)}
    SELECT tot_m.*, page.* FROM tot_m LEFT JOIN page ON TRUE ORDER BY ${orderBy(plan, 'page.')}`;
  return { sql, params };
}

/**
 * Only the totals (__t_<metric>) of a plan: the same sums without any grouping, which is cheap
 * however many rows the split has. The dimensions still decide which metrics exist.
 */
export function buildTotalsSql(plan: ReportPlan): BuiltSql {
  const params = baseParams(plan);
  const agg = aggregateSql(plan, params, false);
  return { sql: `WITH agg AS (${agg}), ${totalsCtes(plan)} SELECT * FROM tot_m`, params };
}

/**
 * A Day page at a rollup's exact grain with sales metrics only: each rollup row
 * is one report row, so the page is a top-N scan of them (no GROUP BY, nothing materialised) and
 * the row count and totals are one ungrouped pass over the same rows (count(*) and three sums).
 * Null when the plan is not such a page.
 */
export function buildExactDaySql(plan: ReportPlan): { page: BuiltSql; totals: BuiltSql } | null {
  if (plan.reportType !== 'revenue' || plan.timeColumn !== 'date' || wantsRequests(plan)) return null;
  if (!exactDayRollup(plan.dimensions, filterDims(plan))) return null;
  const pageParams: SqlParams = { ...baseParams(plan), limit: plan.limit };
  const page = `WITH agg AS (${aggregateSql(plan, pageParams)}) ${topRowsSql(plan)}`;
  const totalsParams = baseParams(plan);
  const totals = `WITH agg AS (${aggregateSql(plan, totalsParams)}), ${totalsCtes(plan)} SELECT * FROM tot_m`;
  return { page: { sql: page, params: pageParams }, totals: { sql: totals, params: totalsParams } };
}

/** The number of rows (groups) of a plan, without computing any metric: `n`. */
export function buildCountSql(plan: ReportPlan): BuiltSql {
  const params = baseParams(plan);
  const agg = aggregateSql(plan, params);
  return { sql: `SELECT count(*)::DOUBLE AS n FROM (${agg})`, params };
}

/**
 * Every row, ordered, for exports: DuckDB streams it in chunks. Text columns with a dictionary
 * come as codes (stream-codes.ts); the order is on the raw columns, so it is the text's order.
 */
export function buildStreamSql(plan: ReportPlan, dictionaries?: ColumnDictionaries): BuiltSql {
  const params = baseParams(plan);
  const agg = aggregateSql(plan, params);
  const { select, from } = rowSelect(plan, dictionaries);
  return { sql: `WITH agg AS (${agg}) SELECT ${select} FROM ${from} ${rawOrderBy(plan)}`, params };
}

/**
 * The same aggregate written by hand as plainly as possible (no totals, no site names, no
 * null-safe ratios): the bench's baseline for what DuckDB itself needs. Request metrics at the
 * request grain need the requests table too, so then it is the two GROUP BYs joined.
 */
export function buildBareSql(plan: ReportPlan): BuiltSql {
  const params = baseParams(plan);
  const time = plan.timeColumn === 'date' ? ['date'] : plan.timeColumn === 'month' ? [`date_trunc('month', date)`] : [];
  const keys = [...time, ...plan.dimensions.map((d) => DIMENSION_COLUMN[d])];
  const names = keys.map((_, n) => `k${n}`);
  const select = keys.map((k, n) => `${k} AS k${n}`);
  const base = 'WHERE publisher_id = $pub AND date BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)';
  const where = base + filterSql(plan, params, () => true);
  const group = keys.length ? `GROUP BY ${names.join(', ')}` : '';
  const order = `ORDER BY ${keys.length ? names.join(', ') : '1'} LIMIT 500`;
  if (plan.reportType === 'recirculation') {
    return {
      sql: `SELECT ${[...select, 'sum(organic_page_views) AS pv', 'sum(organic_clicks) AS ck'].join(', ')} FROM recirculation ${where} ${group} ${order}`,
      params,
    };
  }
  const sales = `SELECT ${[...select, 'sum(impressions) AS i', 'sum(revenue) AS rv', 'sum(net_revenue) AS nrv'].join(', ')} FROM revenue_sales ${where} ${group}`;
  if (!plan.requestsAvailable) return { sql: `${sales} ${order}`, params };
  const requests = `SELECT ${[...select, 'sum(imp_requests) AS r'].join(', ')} FROM revenue_requests ${base}${filterSql(plan, params, (d) => REQUEST_GRAIN_DIMENSIONS.includes(d))} ${group}`;
  const join = names.length ? `USING (${names.join(', ')})` : 'ON TRUE';
  return { sql: `SELECT * FROM (${sales}) s FULL OUTER JOIN (${requests}) q ${join} ${order}`, params };
}
