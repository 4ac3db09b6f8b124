import type { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import { refreshDerived } from '../../../report-engine/derived-tables';
import { DUCKDB_SALES_ROLLUPS } from '../../../report-engine/sales-rollups';

export interface BulkOptions {
  /** Total revenue sales rows across publishers. */
  rows: number;
  /** Number of publishers (ids bulk-01, bulk-02, ...); bulk-01 is the biggest. */
  publishers?: number;
  /** Share of the rows that belongs to bulk-01 (default 0.22: 2.2M of 10M). */
  biggestShare?: number;
  endDate: string;
  months?: number;
  seed?: number;
}

export interface BulkSummary {
  salesRows: number;
  requestRows: number;
  recirculationRows: number;
  biggestPublisherId: string;
  biggestRows: number;
  dateFrom: string;
  dateTo: string;
}

/** (product type, size) pairs; combined with sites, deals and brands they make each day's keys. */
export const PRODUCT_TYPES = `['Display', 'Display', 'Display', 'Display', 'Native', 'Video']`;
export const SIZES = `['300x250', '728x90', '320x50', '300x600', 'Native', '640x360']`;
export const PAIRS = 6;

/** The bench's window: `months` calendar months ending with `endDate`'s month, cut at `endDate`. */
export function benchWindow(endDate: string, months: number): { dateFrom: string; days: number } {
  const end = new Date(`${endDate}T00:00:00Z`);
  const dateFrom = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (months - 1), 1)).toISOString().slice(0, 10);
  const days = Math.round((end.getTime() - new Date(`${dateFrom}T00:00:00Z`).getTime()) / 86_400_000) + 1;
  return { dateFrom, days };
}

/**
 * Bench-scale revenue facts generated inside DuckDB (generate-by-range plus hash-based values:
 * no rows cross into JS). Row i of a publisher is day i / perDay and key combination c = i % perDay,
 * decoded as site, (type, size), deal and brand, so keys are unique per day by construction.
 * Publishers are inserted one after another, already in (publisher, date) order, which keeps a
 * publisher's rows in few row groups. DuckDB-only on purpose: it exists for the bench.
 */
export async function generateBulkFacts(engine: DuckDbReportEngine, options: BulkOptions): Promise<BulkSummary> {
  const publishers = options.publishers ?? 10;
  const biggestShare = options.biggestShare ?? 0.22;
  const seed = options.seed ?? 7;
  const { dateFrom, days } = benchWindow(options.endDate, options.months ?? 13);

  let salesRows = 0;
  let biggestRows = 0;
  for (let p = 0; p < publishers; p += 1) {
    const id = `bulk-${String(p + 1).padStart(2, '0')}`;
    const share = p === 0 ? biggestShare : (1 - biggestShare) / Math.max(1, publishers - 1);
    const perDay = Math.max(1, Math.ceil((options.rows * share) / days));
    const sites = p === 0 ? 24 : 10;
    const total = perDay * days;
    await engine.write(async (conn) => {
      await conn.run('DELETE FROM revenue_sales WHERE publisher_id = $id', { id });
      await conn.run('DELETE FROM revenue_requests WHERE publisher_id = $id', { id });
      for (const table of [...DUCKDB_SALES_ROLLUPS.map((r) => r.table), 'sales_group_counts']) {
        await conn.run(`DELETE FROM ${table} WHERE publisher_id = $id`, { id });
      }
      await conn.run(
        `INSERT INTO revenue_sales (date, publisher_id, site_id, product_type, size, brand, deal_name, deal_id, impressions, revenue, net_revenue)
         SELECT CAST($from AS DATE) + CAST(i // $perDay AS INTEGER) AS date,
                $id AS publisher_id,
                $id || '-s' || lpad(CAST((i % $perDay) % $sites AS VARCHAR), 2, '0') AS site_id,
                ${PRODUCT_TYPES}[CAST(((i % $perDay) // $sites) % ${PAIRS} AS INTEGER) + 1] AS product_type,
                ${SIZES}[CAST(((i % $perDay) // $sites) % ${PAIRS} AS INTEGER) + 1] AS size,
                'Brand ' || CAST((i % $perDay) // ($sites * ${PAIRS}) // 3 AS VARCHAR) AS brand,
                ['', 'Summer Premium', 'Video PMP'][CAST((i % $perDay) // ($sites * ${PAIRS}) % 3 AS INTEGER) + 1] AS deal_name,
                ['', 'D-1001', 'D-2002'][CAST((i % $perDay) // ($sites * ${PAIRS}) % 3 AS INTEGER) + 1] AS deal_id,
                imps AS impressions,
                round(imps * (0.5 + (hash(i, $seed, 'cpm') % 800) / 100.0) / 1000, 4) AS revenue,
                round(imps * (0.5 + (hash(i, $seed, 'cpm') % 800) / 100.0) / 1000 * 0.7, 4) AS net_revenue
         FROM (SELECT i, CAST(50 + hash(i, $seed, $id) % 4000 AS BIGINT) AS imps FROM range(CAST($total AS BIGINT)) r(i))`,
        { from: dateFrom, perDay, id, sites, seed, total },
      );
      // Requests at their own grain, consistent with sales: fill rates between 45% and 85%.
      await conn.run(
        `INSERT INTO revenue_requests
         SELECT date, publisher_id, site_id, product_type,
                CAST(sum(impressions) / (0.45 + (hash(date, site_id, product_type) % 40) / 100.0) AS BIGINT)
         FROM revenue_sales WHERE publisher_id = $id GROUP BY date, publisher_id, site_id, product_type ORDER BY date`,
        { id },
      );
      // Recirculation: every site x widget x day, with organic figures scaled from the day's sales.
      await conn.run('DELETE FROM recirculation WHERE publisher_id = $id', { id });
      await conn.run(
        `INSERT INTO recirculation
         SELECT d.date, $id, d.site_id, w.widget, pv, CAST(pv * w.ctr * (0.8 + (hash(d.date, d.site_id, w.widget) % 40) / 100.0) AS BIGINT)
         FROM (SELECT date, site_id, CAST(sum(impressions) // 4 AS BIGINT) AS site_pv FROM revenue_sales WHERE publisher_id = $id GROUP BY ALL) d,
              (VALUES ('Below Article', 1.0, 0.014), ('Right Rail', 0.55, 0.005), ('Explore More', 0.22, 0.031)) w(widget, share, ctr),
              LATERAL (SELECT CAST(d.site_pv * w.share AS BIGINT) AS pv)
         ORDER BY d.date`,
        { id },
      );
      await conn.run(
        'CREATE OR REPLACE TEMP TABLE bulk_days AS SELECT DISTINCT publisher_id, date FROM revenue_sales WHERE publisher_id = $id',
        {
          id,
        },
      );
      await refreshDerived(conn, 'bulk_days');
      await conn.run('DROP TABLE bulk_days');
      await conn.run(
        `INSERT OR REPLACE INTO sites SELECT DISTINCT site_id, publisher_id, 'Site ' || site_id FROM revenue_requests WHERE publisher_id = $id`,
        { id },
      );
    });
    salesRows += total;
    if (p === 0) biggestRows = total;
  }
  const counted = await engine.runSql(
    `SELECT (SELECT count(*) FROM revenue_requests WHERE publisher_id LIKE 'bulk-%')::DOUBLE AS requests,
              (SELECT count(*) FROM recirculation WHERE publisher_id LIKE 'bulk-%')::DOUBLE AS recirculation`,
  );
  return {
    salesRows,
    requestRows: Number(counted[0]?.requests ?? 0),
    recirculationRows: Number(counted[0]?.recirculation ?? 0),
    biggestPublisherId: 'bulk-01',
    biggestRows,
    dateFrom,
    dateTo: options.endDate,
  };
}
