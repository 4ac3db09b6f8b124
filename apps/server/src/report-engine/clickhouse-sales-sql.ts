import { SALES_ATTRIBUTE_COLUMN } from './dimension-columns';
import type { SalesAttribute } from './report-engine';
import { salesTableFor } from './sales-rollups';
import { WHERE, type BuiltChSql } from './clickhouse-sql-parts';

// The sales breakdowns of ClickHouse (ReportEngine.salesBreakdown and salesByAttribute), apart from
// the report queries of clickhouse-sql.ts: they read the sales alone, per site.

/** Net revenue and impressions per site (and brand), read from the smallest rollup that has them. */
export function buildChSalesBreakdownSql(publisherId: string, dateFrom: string, dateTo: string, byBrand: boolean): BuiltChSql {
  const table = salesTableFor(byBrand ? ['sites', 'brand'] : ['sites']);
  const brand = byBrand ? 'brand' : `''`;
  return {
    sql: `SELECT site_id AS site, ${brand} AS b, toFloat64(sum(net_revenue)) AS nrv, toFloat64(sum(impressions)) AS imps
      FROM ${table} WHERE ${WHERE} GROUP BY site, b ORDER BY site, b`,
    params: { pub: publisherId, from: dateFrom, to: dateTo },
  };
}

/** Per site and attribute value (ReportEngine.salesByAttribute): brand from a rollup, the optional columns from the sales. */
export function buildChSalesByAttributeSql(publisherId: string, dateFrom: string, dateTo: string, attribute: SalesAttribute): BuiltChSql {
  const table = attribute === 'brand' ? salesTableFor(['sites', 'brand']) : 'revenue_sales';
  return {
    sql: `SELECT site_id AS site, ${SALES_ATTRIBUTE_COLUMN[attribute]} AS v, toFloat64(sum(net_revenue)) AS nrv, toFloat64(sum(impressions)) AS imps
      FROM ${table} WHERE ${WHERE} GROUP BY site, v ORDER BY site, v`,
    params: { pub: publisherId, from: dateFrom, to: dateTo },
  };
}
