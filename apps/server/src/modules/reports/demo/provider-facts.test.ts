import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import { generateProviderFacts, providerSizes, type ProviderSummary } from './provider-facts';

describe('provider-scale sizes', () => {
  it('are skewed like a provider: a few networks, a long tail, the same for the same seed', () => {
    const sizes = providerSizes(100_000_000, 1000, 380);
    const rows = sizes.map((p) => p.perDay * 380);
    const total = rows.reduce((a, b) => a + b, 0);
    expect(Math.abs(total - 100_000_000) / 100_000_000).toBeLessThan(0.01);
    expect(rows[0]).toBeGreaterThanOrEqual(10_000_000);
    expect(rows[499]).toBeLessThan(rows[0]! / 100);
    expect(rows).toEqual([...rows].sort((a, b) => b - a));
    expect(sizes[0]).toMatchObject({ id: 'bulk-0001', sites: 24 });
    expect(sizes[999]?.id).toBe('bulk-1000');
    expect(providerSizes(100_000_000, 1000, 380)).toEqual(sizes);
    expect(providerSizes(100_000_000, 1000, 380, 8)).not.toEqual(sizes);
  });
});

describe('provider-scale generator', () => {
  let engine: DuckDbReportEngine;
  let summary: ProviderSummary;

  beforeAll(async () => {
    engine = new DuckDbReportEngine(':memory:');
    await engine.init();
    summary = await generateProviderFacts(engine, { rows: 60_000, publishers: 30, endDate: '2025-03-15', months: 2 });
  });
  afterAll(async () => {
    await engine.close();
  });

  it('fills every publisher with unique keys per day and reports that agree with the facts', async () => {
    const [counts] = await engine.runSql(
      `SELECT count(*)::DOUBLE AS sales, count(DISTINCT publisher_id)::DOUBLE AS pubs,
              count(DISTINCT (publisher_id, date, site_id, product_type, size, brand, deal_name))::DOUBLE AS keys
       FROM revenue_sales`,
    );
    expect(counts).toEqual({ sales: summary.salesRows, pubs: 30, keys: summary.salesRows });
    const smallest = summary.publishers[29]!.id;
    const [direct] = await engine.runSql(
      `SELECT count(DISTINCT (date, site_id, size, brand))::DOUBLE AS n, sum(revenue) AS revenue FROM revenue_sales WHERE publisher_id = $p`,
      { p: smallest },
    );
    const result = await engine.query({
      reportType: 'revenue',
      publisherId: smallest,
      dateFrom: summary.dateFrom,
      dateTo: summary.dateTo,
      dimensions: ['sites', 'size', 'brand'],
      metrics: ['revenue'],
      interval: 'Day',
    });
    expect(result.totalRows).toBe(direct?.n);
    expect(result.totals.revenue).toBeCloseTo(Number(direct?.revenue), 4);
  });
});
