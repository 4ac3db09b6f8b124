import { LIST, VARCHAR, listValue, type DuckDBConnection } from '@duckdb/node-api';
import type { ChParams } from './clickhouse-exec';
import type { DailyRevenueSeries } from './report-engine';
import { DUCKDB_SALES_ROLLUPS, salesTableFor } from './sales-rollups';

/**
 * ReportEngine.dailyRevenueSeries on both engines. Each series comes back as two lists (days as
 * numbers, revenue) rather than a row per day: the site id, product type and publisher are
 * converted to JavaScript strings once per series instead of once per day, which is most of the
 * cost of reading 100 publishers' 120 days (measured on DuckDB: 720,000 rows read as rows in
 * 1.7 s, as lists in 0.3 s).
 */
export async function readDailyRevenueSeries(
  conn: DuckDBConnection,
  publisherIds: readonly string[],
  dateFrom: string,
  dateTo: string,
): Promise<DailyRevenueSeries[]> {
  const table = salesTableFor(['sites', 'product_type'], DUCKDB_SALES_ROLLUPS);
  const sql = `SELECT publisher_id, site_id, product_type,
      list(CAST(date - DATE '1970-01-01' AS INTEGER) ORDER BY date) AS days, list(revenue ORDER BY date) AS revenue
    FROM (
      SELECT publisher_id, site_id, product_type, date, sum(revenue)::DOUBLE AS revenue
      FROM ${table}
      WHERE publisher_id IN (SELECT unnest($ids)) AND date BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
      GROUP BY ALL)
    GROUP BY ALL`;
  const reader = await conn.runAndReadAll(sql, { ids: listValue([...publisherIds]), from: dateFrom, to: dateTo }, { ids: LIST(VARCHAR) });
  const [publishers, sites, productTypes, days, revenue] = reader.getColumnsJS() as [string[], string[], string[], number[][], number[][]];
  return publishers.map((publisherId, i) => ({
    publisherId,
    siteId: sites[i]!,
    productType: productTypes[i]!,
    days: days[i]!,
    revenue: revenue[i]!,
  }));
}

/** The ClickHouse statement of dailyRevenueSeries: the same lists, sorted by day in the array. */
export function chDailyRevenueSeriesSql(
  publisherIds: readonly string[],
  dateFrom: string,
  dateTo: string,
): { sql: string; params: ChParams } {
  const table = salesTableFor(['sites', 'product_type']);
  return {
    sql: `SELECT pub, site, pt, arrayMap(x -> x.1, s) AS days, arrayMap(x -> x.2, s) AS revenue
      FROM (
        SELECT publisher_id AS pub, site_id AS site, product_type AS pt, arraySort(groupArray((d, r))) AS s
        FROM (
          SELECT publisher_id, site_id, product_type, toInt32(dateDiff('day', toDate('1970-01-01'), date)) AS d, toFloat64(sum(revenue)) AS r
          FROM ${table}
          WHERE publisher_id IN {pubs:Array(String)} AND date BETWEEN {from:Date} AND {to:Date}
          GROUP BY publisher_id, site_id, product_type, date)
        GROUP BY pub, site, pt)`,
    params: { pubs: [...publisherIds], from: dateFrom, to: dateTo },
  };
}

export interface ChDailyRevenueRow {
  pub: string;
  site: string;
  pt: string;
  days: number[];
  revenue: number[];
}

export const fromChDailyRevenue = (r: ChDailyRevenueRow): DailyRevenueSeries => ({
  publisherId: r.pub,
  siteId: r.site,
  productType: r.pt,
  days: r.days.map(Number),
  revenue: r.revenue.map(Number),
});
