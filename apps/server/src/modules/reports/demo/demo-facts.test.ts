import { afterEach, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import type { ReportQuery } from '../../../report-engine/report-engine';
import { roundedForCompare } from '../../../../test/reports/test-facts';
import { generateDemoFacts, type DemoOptions } from './demo-facts';

const options: DemoOptions = {
  publishers: [
    {
      id: '1001',
      sites: [
        { id: 's-1', name: 'Daily Planet', organic: true, active: true },
        { id: 's-2', name: 'Gotham Gazette', organic: false, active: true },
      ],
    },
    { id: '1002', sites: [{ id: 's-3', name: 'Metro Sports', organic: true, active: false }] },
    {
      id: '1003',
      sites: [
        { id: 's-4', name: 'Tech Weekly', organic: false, active: true },
        { id: 's-5', name: 'Food Hub', organic: true, active: true },
      ],
    },
  ],
  endDate: '2025-03-15',
  months: 13,
  seed: 42,
};

const engines: DuckDbReportEngine[] = [];
async function fresh(): Promise<DuckDbReportEngine> {
  const engine = new DuckDbReportEngine(':memory:');
  await engine.init();
  engines.push(engine);
  return engine;
}
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close();
});

const monthly = (publisherId: string): ReportQuery => ({
  reportType: 'revenue',
  publisherId,
  dateFrom: '2024-03-01',
  dateTo: '2025-03-15',
  dimensions: [],
  metrics: ['impRequests', 'impressions', 'fillRate', 'revenue', 'cpm'],
  interval: 'Month',
});

describe('generateDemoFacts', () => {
  // How long generation takes is the bench's business (`npm run bench:reports` prints generation
  // time); a duration here is flaky on a slow machine.
  it('is deterministic and plausible', async () => {
    const a = await fresh();
    const summary = await generateDemoFacts(a, options);
    expect(summary.dateFrom).toBe('2024-03-01');
    expect(summary.revenueRows).toBeGreaterThan(10_000);

    const b = await fresh();
    await generateDemoFacts(b, options);
    // The same facts, to the last digit; report sums may differ in a double's last bits (DuckDB
    // sums in parallel, in no fixed order), so those are compared to 12 significant digits.
    const facts = `SELECT * FROM revenue_sales ORDER BY ALL`;
    expect(await b.runSql(facts)).toEqual(await a.runSql(facts));
    const ra = await a.query(monthly('1001'));
    expect(roundedForCompare(await b.query(monthly('1001')))).toEqual(roundedForCompare(ra));

    expect(ra.rows).toHaveLength(13);
    for (const row of ra.rows) {
      expect(row.fillRate).toBeGreaterThan(0.3);
      expect(row.fillRate).toBeLessThan(0.8);
      expect(row.cpm).toBeGreaterThan(0.5);
      expect(row.cpm).toBeLessThan(10);
    }
    // Growth: the last full month beats the first one.
    expect(Number(ra.rows[11]?.impRequests)).toBeGreaterThan(Number(ra.rows[0]?.impRequests));
    expect(ra.estimatedFrom).toBe('2025-03-13');

    // Weekend dip: Saturdays have fewer requests than the Wednesday before.
    const days = await a.query({
      ...monthly('1001'),
      interval: 'Day',
      metrics: ['impRequests'],
      dateFrom: '2025-02-05',
      dateTo: '2025-02-08',
    });
    expect(Number(days.rows[3]?.impRequests)).toBeLessThan(Number(days.rows[0]?.impRequests));

    // Recirculation only for organic sites; the inactive site stops 90 days before the end.
    const recirc = await a.query({
      reportType: 'recirculation',
      publisherId: '1001',
      dateFrom: '2024-03-01',
      dateTo: '2025-03-15',
      dimensions: ['sites', 'widget'],
      metrics: ['organicPageViews', 'organicCtr'],
      interval: 'Cumulative',
    });
    expect(new Set(recirc.rows.map((r) => r.sites))).toEqual(new Set(['Daily Planet']));
    expect(recirc.rows.map((r) => r.widget).sort()).toEqual(['Below Article', 'Explore More', 'Right Rail']);
    const inactive = await a.query({ ...monthly('1002'), dateFrom: '2024-12-01', metrics: ['impressions'], interval: 'Day' });
    expect(inactive.rows.at(-1)?.date).toBe('2024-12-15');

    // The optional sales attributes: one domain and category per brand, on most but not all revenue.
    const byDomain = await a.salesByAttribute('1001', '2025-02-01', '2025-02-28', 'advertiser_domain');
    const revenueOf = (rows: typeof byDomain, keep: (v: string) => boolean) =>
      rows.filter((r) => keep(r.value)).reduce((sum, r) => sum + r.netRevenue, 0);
    const domainShare = revenueOf(byDomain, (v) => v !== '') / revenueOf(byDomain, () => true);
    expect(domainShare).toBeGreaterThan(0.85);
    expect(domainShare).toBeLessThan(0.97);
    expect(new Set(byDomain.map((r) => r.value))).toEqual(
      new Set(['', 'acmemotors.com', 'globexbank.com', 'initech-travel.com', 'umbrellahealth.com', 'shop.starkretail.com']),
    );
    const byCategory = await a.salesByAttribute('1001', '2025-02-01', '2025-02-28', 'iab_category');
    const categoryShare = revenueOf(byCategory, (v) => v !== '') / revenueOf(byCategory, () => true);
    expect(categoryShare).toBeGreaterThan(0.7);
    expect(categoryShare).toBeLessThan(0.9);
  });
});
