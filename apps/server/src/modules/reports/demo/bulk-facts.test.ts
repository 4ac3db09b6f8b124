import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import { generateBulkFacts, type BulkSummary } from './bulk-facts';

let engine: DuckDbReportEngine;
let summary: BulkSummary;

beforeAll(async () => {
  engine = new DuckDbReportEngine(':memory:');
  await engine.init();
  summary = await generateBulkFacts(engine, { rows: 40_000, endDate: '2025-03-15', months: 2, publishers: 3 });
});
afterAll(async () => {
  await engine.close();
});

describe('bench-scale generator', () => {
  it('fills sales, requests and recirculation over the months asked for', async () => {
    expect(summary).toMatchObject({ biggestPublisherId: 'bulk-01', dateFrom: '2025-02-01', dateTo: '2025-03-15' });
    expect(summary.salesRows).toBeGreaterThanOrEqual(40_000);
    const [counts] = await engine.runSql(
      `SELECT (SELECT count(*) FROM revenue_sales)::DOUBLE AS sales,
              (SELECT count(DISTINCT (date, site_id, size, brand, deal_name)) FROM revenue_sales WHERE publisher_id = 'bulk-01')::DOUBLE AS keys,
              (SELECT count(*) FROM recirculation WHERE publisher_id = 'bulk-01')::DOUBLE AS recirc,
              (SELECT count(DISTINCT date) FROM recirculation WHERE publisher_id = 'bulk-01')::DOUBLE AS recirc_days`,
    );
    expect(counts?.sales).toBe(summary.salesRows);
    expect(counts?.keys).toBe(summary.biggestRows); // keys are unique per day by construction
    expect(counts?.recirc).toBe(43 * 24 * 3); // days x sites x widgets
    expect(summary.recirculationRows).toBe(43 * 24 * 3 + 2 * 43 * 10 * 3);
    expect(summary.requestRows).toBeGreaterThan(0);
  });

  it('stores group counts that match the report it answers', async () => {
    const query = {
      reportType: 'revenue' as const,
      publisherId: 'bulk-01',
      dateFrom: '2025-02-10',
      dateTo: '2025-03-15',
      dimensions: ['sites' as const, 'size' as const, 'brand' as const],
      metrics: ['revenue' as const],
    };
    const [direct] = await engine.runSql(
      `SELECT count(DISTINCT (date, site_id, size, brand))::DOUBLE AS day, count(DISTINCT (date_trunc('month', date), site_id, size, brand))::DOUBLE AS month
       FROM revenue_sales WHERE publisher_id = 'bulk-01' AND date BETWEEN DATE '2025-02-10' AND DATE '2025-03-15'`,
    );
    expect((await engine.query({ ...query, interval: 'Day' })).totalRows).toBe(direct?.day);
    expect((await engine.query({ ...query, interval: 'Month' })).totalRows).toBe(direct?.month);
  });
});
