import { describe, expect, it } from 'vitest';
import type { ReportEngine, SalesAttribute } from '../../src/report-engine/report-engine';
import { base } from './engine-suite-query';

/** Part of engineSuite (engine-suite.ts), same facts: ingestion and the breakdowns other areas read. */
export function ingestionCases(engine: () => ReportEngine): void {
  describe('ingestion and breakdowns', () => {
    it('sums net revenue per site and brand, by site id', async () => {
      expect(await engine().salesBreakdown('P1', '2024-01-01', '2024-02-29', true)).toEqual([
        { siteId: 's1', brand: 'Acme', netRevenue: 2.5, impressions: 450 },
        { siteId: 's1', brand: 'Globex', netRevenue: 3, impressions: 700 },
        { siteId: 's2', brand: 'Acme', netRevenue: 0.25, impressions: 250 },
      ]);
      expect(await engine().salesBreakdown('P1', '2024-01-31', '2024-01-31', false)).toEqual([
        { siteId: 's2', brand: '', netRevenue: 0.25, impressions: 250 },
      ]);
      await expect(engine().salesBreakdown('P1', '2024-13-01', '2024-01-31', false)).rejects.toThrow(/YYYY-MM-DD/);
    });

    it('sums per site and value of the optional sales attributes, "" for sales without them', async () => {
      const by = (attribute: SalesAttribute) => engine().salesByAttribute('P1', '2024-01-01', '2024-02-29', attribute);
      expect(await by('advertiser_domain')).toEqual([
        { siteId: 's1', value: 'acme.com', netRevenue: 2.5, impressions: 450 },
        { siteId: 's1', value: 'ads.globex.com', netRevenue: 0.75, impressions: 100 },
        { siteId: 's1', value: 'globex.com', netRevenue: 2.25, impressions: 600 },
        { siteId: 's2', value: '', netRevenue: 0.25, impressions: 250 },
      ]);
      expect(await by('iab_category')).toEqual([
        { siteId: 's1', value: '', netRevenue: 1, impressions: 50 },
        { siteId: 's1', value: '30', netRevenue: 1.5, impressions: 400 },
        { siteId: 's1', value: '391', netRevenue: 2.25, impressions: 600 },
        { siteId: 's1', value: '392', netRevenue: 0.75, impressions: 100 },
        { siteId: 's2', value: '1', netRevenue: 0.25, impressions: 250 },
      ]);
      expect(await by('brand')).toEqual([
        { siteId: 's1', value: 'Acme', netRevenue: 2.5, impressions: 450 },
        { siteId: 's1', value: 'Globex', netRevenue: 3, impressions: 700 },
        { siteId: 's2', value: 'Acme', netRevenue: 0.25, impressions: 250 },
      ]);
      await expect(engine().salesByAttribute('P1', '2024-02-30', '2024-02-29', 'brand')).rejects.toThrow(/YYYY-MM-DD/);
    });

    it('keeps sales that differ only by an optional attribute apart, and reports never split by it', async () => {
      // P5 only. One brand's day split over two domains: two facts, one report row.
      const sale = (advertiserDomain: string | undefined, impressions: number) => ({
        date: '2024-03-02',
        publisherId: 'P5',
        siteId: 'q',
        productType: 'Display',
        size: '300x250',
        brand: 'A',
        dealName: '',
        dealId: '',
        impressions,
        revenue: impressions / 1000,
        netRevenue: impressions / 2000,
        ...(advertiserDomain ? { advertiserDomain } : {}),
      });
      await engine().ingest({
        reportType: 'revenue',
        requests: [],
        sales: [sale('a.com', 100), sale('b.a.com', 300), sale(undefined, 20)],
      });
      const q = base({
        publisherId: 'P5',
        dateFrom: '2024-03-02',
        dateTo: '2024-03-02',
        dimensions: ['brand'],
        metrics: ['impressions'],
      });
      expect((await engine().query(q)).rows).toEqual([{ brand: 'A', impressions: 420 }]);
      expect((await engine().query({ ...q, interval: 'Day', dimensions: ['sites', 'size', 'brand'] })).rows).toEqual([
        { date: '2024-03-02', sites: 'q', size: '300x250', brand: 'A', impressions: 420, estimated: true },
      ]);
      expect(await engine().salesByAttribute('P5', '2024-03-02', '2024-03-02', 'advertiser_domain')).toEqual([
        { siteId: 'q', value: '', netRevenue: 0.01, impressions: 20 },
        { siteId: 'q', value: 'a.com', netRevenue: 0.05, impressions: 100 },
        { siteId: 'q', value: 'b.a.com', netRevenue: 0.15, impressions: 300 },
      ]);
    });

    it('replaces a (publisher, day) as a whole when it is sent again, rollups included', async () => {
      // P4 only, so the other tests' figures stay as they are.
      const sale = (impressions: number, brand: string) => ({
        date: '2024-03-01',
        publisherId: 'P4',
        siteId: 'q',
        productType: 'Display',
        size: '300x250',
        brand,
        dealName: '',
        dealId: '',
        impressions,
        revenue: impressions / 1000,
        netRevenue: impressions / 2000,
      });
      const request = { date: '2024-03-01', publisherId: 'P4', siteId: 'q', productType: 'Display', impRequests: 1000 };
      expect(await engine().ingest({ reportType: 'revenue', requests: [request], sales: [sale(100, 'A'), sale(200, 'B')] })).toEqual({
        rowsApplied: 3,
        daysReplaced: 1,
      });
      const second = await engine().ingest({ reportType: 'revenue', requests: [{ ...request, impRequests: 10 }], sales: [sale(5, 'C')] });
      expect(second).toEqual({ rowsApplied: 2, daysReplaced: 1 });
      const q = base({ publisherId: 'P4', dateFrom: '2024-03-01', dateTo: '2024-03-01', metrics: ['impRequests', 'impressions'] });
      expect((await engine().query(q)).rows).toEqual([{ impRequests: 10, impressions: 5 }]);
      expect((await engine().query({ ...q, dimensions: ['brand'], metrics: ['impressions'] })).rows).toEqual([
        { brand: 'C', impressions: 5 },
      ]);
      expect(await engine().salesBreakdown('P4', '2024-03-01', '2024-03-01', true)).toEqual([
        { siteId: 'q', brand: 'C', netRevenue: 0.0025, impressions: 5 },
      ]);
    });
  });
}
