import type { DuckDBConnection } from '@duckdb/node-api';
import { DUCKDB_SALES_ROLLUPS, salesTableFor } from './sales-rollups';
import { SALES_ATTRIBUTE_COLUMN } from './dimension-columns';
import type { SalesAttribute, SalesAttributeRow, SalesBreakdownRow } from './report-engine';

/**
 * Net revenue and impressions per site (and brand) over a date range, for the blocking rules'
 * impact preview and the payments' month close. Site ids, not display names: callers join them
 * to the operational database. Sums are over the sales grain, as the revenue report's totals are.
 */
export async function readSalesBreakdown(
  conn: DuckDBConnection,
  publisherId: string,
  dateFrom: string,
  dateTo: string,
  byBrand: boolean,
): Promise<SalesBreakdownRow[]> {
  const brand = byBrand ? 'brand' : `''`;
  const sql = `SELECT site_id, ${brand} AS brand, SUM(net_revenue)::DOUBLE AS net_revenue, SUM(impressions)::DOUBLE AS impressions
    FROM revenue_sales
    WHERE publisher_id = $pub AND date BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
    GROUP BY ALL ORDER BY site_id, brand`;
  const rows = (await conn.runAndReadAll(sql, { pub: publisherId, from: dateFrom, to: dateTo })).getRowObjectsJS();
  return rows.map((r) => ({
    siteId: String(r.site_id),
    brand: String(r.brand),
    netRevenue: Number(r.net_revenue ?? 0),
    impressions: Number(r.impressions ?? 0),
  }));
}

/**
 * Net revenue and impressions per site and attribute value (see ReportEngine.salesByAttribute).
 * Brand is read from the smallest rollup that has it; the optional columns only exist on the
 * sales grain (rollups do not carry them).
 */
export async function readSalesByAttribute(
  conn: DuckDBConnection,
  publisherId: string,
  dateFrom: string,
  dateTo: string,
  attribute: SalesAttribute,
): Promise<SalesAttributeRow[]> {
  const table = attribute === 'brand' ? salesTableFor(['sites', 'brand'], DUCKDB_SALES_ROLLUPS) : 'revenue_sales';
  const sql = `SELECT site_id, coalesce(${SALES_ATTRIBUTE_COLUMN[attribute]}, '') AS value,
      SUM(net_revenue)::DOUBLE AS net_revenue, SUM(impressions)::DOUBLE AS impressions
    FROM ${table}
    WHERE publisher_id = $pub AND date BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
    GROUP BY ALL ORDER BY site_id, value`;
  const rows = (await conn.runAndReadAll(sql, { pub: publisherId, from: dateFrom, to: dateTo })).getRowObjectsJS();
  return rows.map((r) => ({
    siteId: String(r.site_id),
    value: String(r.value),
    netRevenue: Number(r.net_revenue ?? 0),
    impressions: Number(r.impressions ?? 0),
  }));
}
