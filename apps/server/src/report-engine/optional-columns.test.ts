import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from './duckdb-engine';
import type { RevenueSalesFact } from './report-engine';

const dir = mkdtempSync(path.join(tmpdir(), 'pc-optional-cols-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sale = (day: string, brand: string, extra: Partial<RevenueSalesFact> = {}): RevenueSalesFact => ({
  date: day,
  publisherId: 'P1',
  siteId: 's1',
  productType: 'Display',
  size: '300x250',
  brand,
  dealName: '',
  dealId: '',
  impressions: 1000,
  revenue: 2,
  netRevenue: 1.5,
  ...extra,
});

describe('optional sales columns on a DuckDB file written before them', () => {
  it('adds advertiser_domain and iab_category on open, old rows read as not recorded, new loads carry them', async () => {
    const file = path.join(dir, 'old.duckdb');
    const old = new DuckDbReportEngine(file);
    await old.init();
    // What a file from before the optional columns looks like: the sales without them.
    await old.write(async (conn) => {
      await conn.run('ALTER TABLE revenue_sales DROP COLUMN advertiser_domain');
      await conn.run('ALTER TABLE revenue_sales DROP COLUMN iab_category');
      await conn.run(
        `INSERT INTO revenue_sales VALUES (DATE '2024-05-01', 'P1', 's1', 'Display', '300x250', 'Acme', '', '', 1000, 2, 1.5)`,
      );
    });
    await old.close();

    const engine = new DuckDbReportEngine(file);
    await engine.init();
    try {
      const columns = await engine.runSql(`SELECT column_name FROM information_schema.columns WHERE table_name = 'revenue_sales'`);
      expect(columns.map((c) => c.column_name).slice(-2)).toEqual(['advertiser_domain', 'iab_category']);
      await engine.ingest({
        reportType: 'revenue',
        requests: [],
        sales: [sale('2024-05-02', 'Globex', { advertiserDomain: 'globex.com', iabCategory: '391' })],
      });
      expect(await engine.salesByAttribute('P1', '2024-05-01', '2024-05-02', 'advertiser_domain')).toEqual([
        { siteId: 's1', value: '', netRevenue: 1.5, impressions: 1000 },
        { siteId: 's1', value: 'globex.com', netRevenue: 1.5, impressions: 1000 },
      ]);
      expect(await engine.salesByAttribute('P1', '2024-05-01', '2024-05-02', 'iab_category')).toEqual([
        { siteId: 's1', value: '', netRevenue: 1.5, impressions: 1000 },
        { siteId: 's1', value: '391', netRevenue: 1.5, impressions: 1000 },
      ]);
    } finally {
      await engine.close();
    }
  });
});
