import type { DuckDBConnection } from '@duckdb/node-api';
import type { SalesBreakdownRow } from './report-engine';

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
