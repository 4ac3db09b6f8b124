import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVENUE_METRICS } from '@pc/contracts';
import type { ReportEngine, ReportQuery } from '../../src/report-engine/report-engine';
import { loadTestFacts } from './test-facts';
import { base } from './engine-suite-query';
import { dailyRevenueCases } from './engine-suite-daily-revenue';
import { exportCases } from './engine-suite-export';
import { ingestionCases } from './engine-suite-ingestion';
import { recirculationCases } from './engine-suite-recirculation';
import { sortedPagesCases } from './engine-suite-sorted-pages';

/*
 * The report engine's behaviour, run against every implementation (DuckDB, and ClickHouse through
 * chDB) with the same exact figures: a second engine may differ in SQL, never in results.
 *
 * Hand-computed figures for publisher P1 over 2024-01-30..2024-02-01 (see test-facts.ts):
 *   requests r = 1000 + 200 + 500 + 800 + 0 = 2500
 *   impressions i = 400 + 100 + 50 + 250 + 600 = 1400
 *   revenue rv = 2 + 1 + 1.5 + 0.5 + 3 = 8 ; net nrv = 1.5 + 0.75 + 1 + 0.25 + 2.25 = 5.75
 *   fillRate = 1400/2500 = 0.56 ; eCpm = 8000/2500 = 3.2 ; netECpm = 5750/2500 = 2.3
 *   cpm = 8000/1400 = 5.7142857 ; netCpm = 5750/1400 = 4.1071429
 */

/** `open` gives an empty, initialised engine; the suite loads the test facts into it. */
export function engineSuite(name: string, open: () => Promise<ReportEngine>, options: { skip?: boolean } = {}): void {
  describe.skipIf(options.skip === true)(`report engine: ${name}`, () => {
    let engine: ReportEngine;

    beforeAll(async () => {
      engine = await open();
      await loadTestFacts(engine, { recirculation: true });
    });
    afterAll(async () => {
      await engine?.close();
    });

    describe('revenue metrics', () => {
      it('computes every metric for Cumulative with no dimension, totals equal the one row', async () => {
        const res = await engine.query(base({}));
        expect(res.totalRows).toBe(1);
        expect(res.columns.map((c) => c.label)).toEqual([
          'Impression Requests',
          'Impressions',
          'Fill Rate',
          'Revenue',
          'Net Revenue',
          'eCPM',
          'Net eCPM',
          'CPM',
          'Net CPM',
        ]);
        const row = res.rows[0];
        expect(row).toMatchObject({ impRequests: 2500, impressions: 1400, revenue: 8, netRevenue: 5.75 });
        expect(row?.fillRate).toBeCloseTo(0.56, 10);
        expect(row?.eCpm).toBeCloseTo(3.2, 10);
        expect(row?.netECpm).toBeCloseTo(2.3, 10);
        expect(row?.cpm).toBeCloseTo(5.7142857, 6);
        expect(row?.netCpm).toBeCloseTo(4.1071429, 6);
        expect(res.totals).toEqual(Object.fromEntries(REVENUE_METRICS.map((m) => [m, row?.[m]])));
        expect(res.unavailableMetrics).toEqual({});
        expect(row).not.toHaveProperty('estimated');
      });

      it('Day interval: one row per day with a date column, ascending', async () => {
        // 01-30: r 1200, i 550, rv 4.5, nrv 3.25 -> fill 0.4583333, eCpm 3.75, cpm 8.1818182
        // 01-31: r 500, i 250, rv 0.5 -> fill 0.5, eCpm 1, cpm 2
        // 02-01: r 800 (+0 Native), i 600, rv 3, nrv 2.25 -> fill 0.75, eCpm 3.75, netECpm 2.8125, cpm 5
        const res = await engine.query(base({ interval: 'Day' }));
        expect(res.columns[0]).toEqual({ key: 'date', label: 'Date', kind: 'date' });
        expect(res.rows.map((r) => [r.date, r.impRequests, r.impressions, r.revenue])).toEqual([
          ['2024-01-30', 1200, 550, 4.5],
          ['2024-01-31', 500, 250, 0.5],
          ['2024-02-01', 800, 600, 3],
        ]);
        expect(res.rows[0]?.fillRate).toBeCloseTo(0.4583333, 6);
        expect(res.rows[0]?.cpm).toBeCloseTo(8.1818182, 6);
        expect(res.rows[1]?.eCpm).toBeCloseTo(1, 10);
        expect(res.rows[2]?.netECpm).toBeCloseTo(2.8125, 10);
        // Totals are recomputed from sums (0.56), not the mean of the daily fill rates (0.5694).
        expect(res.totals.fillRate).toBeCloseTo(0.56, 10);
      });

      it('Month interval: YYYY-MM buckets', async () => {
        // 2024-01: r 1700, i 800, rv 5 -> fill 0.4705882, cpm 6.25 ; 2024-02: r 800, i 600, rv 3
        const res = await engine.query(base({ interval: 'Month', metrics: ['impRequests', 'fillRate', 'cpm'] }));
        expect(res.columns.map((c) => c.key)).toEqual(['month', 'impRequests', 'fillRate', 'cpm']);
        expect(res.rows.map((r) => [r.month, r.impRequests])).toEqual([
          ['2024-01', 1700],
          ['2024-02', 800],
        ]);
        expect(res.rows[0]?.fillRate).toBeCloseTo(0.4705882, 6);
        expect(res.rows[0]?.cpm).toBeCloseTo(6.25, 10);
      });

      it('request-grain dimensions keep request metrics; a requests-only row appears with null ratios', async () => {
        // (Alpha, Display) r 1800 i 1100 rv 6 -> fill 0.6111111, eCpm 3.3333333, cpm 5.4545455
        // (Beta, Display) r 500 i 250 ; (Alpha, Video) r 200 i 50 rv 1.5 -> cpm 30 ; (Beta, Native) r 0 i 0
        const res = await engine.query(base({ dimensions: ['sites', 'product_type'] }));
        expect(res.unavailableMetrics).toEqual({});
        expect(res.rows.map((r) => [r.sites, r.product_type, r.impRequests, r.impressions])).toEqual([
          ['Alpha News', 'Display', 1800, 1100],
          ['Beta Blog', 'Display', 500, 250],
          ['Alpha News', 'Video', 200, 50],
          ['Beta Blog', 'Native', 0, 0],
        ]);
        expect(res.rows[0]?.fillRate).toBeCloseTo(0.6111111, 6);
        expect(res.rows[0]?.eCpm).toBeCloseTo(3.3333333, 6);
        expect(res.rows[2]?.cpm).toBeCloseTo(30, 10);
        expect(res.rows[3]).toMatchObject({ fillRate: null, eCpm: null, netECpm: null, cpm: null, netCpm: null });
        expect(res.totals.impRequests).toBe(2500);
        expect(res.totals.eCpm).toBeCloseTo(3.2, 10);
      });

      it('sales-only dimensions null the request metrics and say why', async () => {
        // 300x250: i 400+250+600 = 1250, rv 5.5 -> cpm 4.4 ; 728x90: i 100 rv 1 -> cpm 10 ; Video: i 50 rv 1.5 -> cpm 30
        const res = await engine.query(
          base({ dimensions: ['size'], metrics: ['impressions', 'revenue', 'impRequests', 'fillRate', 'cpm'] }),
        );
        expect(res.rows.map((r) => [r.size, r.impressions, r.revenue, r.impRequests, r.fillRate])).toEqual([
          ['300x250', 1250, 5.5, null, null],
          ['728x90', 100, 1, null, null],
          ['Video', 50, 1.5, null, null],
        ]);
        expect(res.rows[0]?.cpm).toBeCloseTo(4.4, 10);
        expect(res.unavailableMetrics).toEqual({
          impRequests: "Impression requests are counted per site and product type, so they can't be split by Size.",
          fillRate: "Fill Rate uses impression requests, which are counted per site and product type, so it can't be split by Size.",
        });
        expect(res.totals).toMatchObject({ impressions: 1400, revenue: 8, impRequests: null, fillRate: null });
        expect(res.totals.cpm).toBeCloseTo(5.7142857, 6);
      });

      it('impression requests alone, split by a sales dimension, still list the split with the reason', async () => {
        const res = await engine.query(base({ dimensions: ['size'], metrics: ['impRequests'] }));
        expect(res.rows.map((r) => [r.size, r.impRequests])).toEqual([
          ['300x250', null],
          ['728x90', null],
          ['Video', null],
        ]);
        expect(res.unavailableMetrics.impRequests).toMatch(/can't be split by Size/);
      });

      it('mixing request-grain and sales dimensions (site x brand x deal) is sales grain', async () => {
        // Alpha/Acme/'' : i 450 rv 3.5 ; Alpha/Globex/Summer: i 100 ; Alpha/Globex/'': i 600 ; Beta/Acme/'': i 250
        const res = await engine.query(base({ dimensions: ['sites', 'brand', 'deal_name'], metrics: ['impressions', 'eCpm'] }));
        expect(res.rows.map((r) => [r.sites, r.brand, r.deal_name, r.impressions, r.eCpm])).toEqual([
          ['Alpha News', 'Globex', '', 600, null],
          ['Alpha News', 'Acme', '', 450, null],
          ['Beta Blog', 'Acme', '', 250, null],
          ['Alpha News', 'Globex', 'Summer', 100, null],
        ]);
        expect(res.unavailableMetrics.eCpm).toBe(
          "eCPM uses impression requests, which are counted per site and product type, so it can't be split by Brand or Deal.",
        );
      });

      it('sorts by a chosen column, then the defaults as tie-breakers', async () => {
        // impRequests is asked for so the requests-only Beta/Native row takes part (0 revenue).
        const res = await engine.query(
          base({ dimensions: ['sites', 'product_type'], metrics: ['revenue', 'impRequests'], sort: { key: 'revenue', dir: 'asc' } }),
        );
        // revenue: Beta/Native 0, Beta/Display 0.5, Alpha/Video 1.5, Alpha/Display 6
        expect(res.rows.map((r) => [r.sites, r.product_type, r.revenue])).toEqual([
          ['Beta Blog', 'Native', 0],
          ['Beta Blog', 'Display', 0.5],
          ['Alpha News', 'Video', 1.5],
          ['Alpha News', 'Display', 6],
        ]);
        const bySite = await engine.query(base({ dimensions: ['sites'], metrics: ['revenue'], sort: { key: 'sites', dir: 'desc' } }));
        expect(bySite.rows.map((r) => r.sites)).toEqual(['Beta Blog', 'Alpha News']);
        await expect(engine.query(base({ sort: { key: 'size', dir: 'asc' } }))).rejects.toThrow(/not a column/);
      });

      it('keeps publishers apart and rejects unknown keys', async () => {
        const res = await engine.query(base({ publisherId: 'P2', metrics: ['impRequests', 'revenue'] }));
        expect(res.rows).toEqual([{ impRequests: 99_999, revenue: 9 }]);
        await expect(engine.query(base({ dimensions: ['widget'] }))).rejects.toThrow(/Unknown dimension/);
        await expect(engine.query(base({ metrics: ['organicClicks'] }))).rejects.toThrow(/Unknown metric/);
        await expect(engine.query(base({ dateFrom: '2024-02-30' }))).rejects.toThrow(/valid/);
      });

      it('an empty range gives no rows, zero totals and null ratios', async () => {
        const res = await engine.query(base({ dateFrom: '2020-01-01', dateTo: '2020-01-31' }));
        expect(res.totalRows).toBe(0);
        expect(res.rows).toEqual([]);
        expect(res.totals).toMatchObject({ impRequests: 0, impressions: 0, revenue: 0, fillRate: null, cpm: null });
      });
    });

    sortedPagesCases(() => engine);

    recirculationCases(() => engine);

    describe('row limit and estimated days', () => {
      it('returns at most `limit` rows while totalRows and totals cover all of them', async () => {
        // 700 days for P3 with impressions n+1 (n = 0..699): sum = 700*701/2 = 245350.
        const sales = Array.from({ length: 700 }, (_, n) => ({
          date: new Date(Date.UTC(2022, 0, 1 + n)).toISOString().slice(0, 10),
          publisherId: 'P3',
          siteId: 'z',
          productType: 'Display',
          size: '300x250',
          brand: 'B',
          dealName: '',
          dealId: '',
          impressions: n + 1,
          revenue: 0,
          netRevenue: 0,
        }));
        await engine.ingest({ reportType: 'revenue', requests: [], sales });
        const res = await engine.query(
          base({ publisherId: 'P3', dateFrom: '2022-01-01', dateTo: '2023-12-31', interval: 'Day', metrics: ['impressions'] }),
        );
        expect(res.rows).toHaveLength(500);
        expect(res.totalRows).toBe(700);
        expect(res.totals.impressions).toBe(245_350);
        // Day index 499 from 2022-01-01 is 2023-05-15 (365 days in 2022, then Jan..Apr = 120, +14).
        expect(res.rows[499]?.date).toBe('2023-05-15');
        const top = await engine.query(
          base({
            publisherId: 'P3',
            dateFrom: '2022-01-01',
            dateTo: '2023-12-31',
            metrics: ['impressions'],
            interval: 'Day',
            limit: 2,
            sort: { key: 'impressions', dir: 'desc' },
          }),
        );
        expect(top.rows.map((r) => r.impressions)).toEqual([700, 699]);
      });

      it('flags rows after the finalized date and reports estimatedFrom', async () => {
        // Nothing finalized yet: the whole range is estimated.
        expect((await engine.query(base({}))).estimatedFrom).toBe('2024-01-30');
        await engine.setFinalizedThrough('P1', 'revenue', '2024-01-30');
        const day = await engine.query(base({ interval: 'Day', metrics: ['revenue'] }));
        expect(day.estimatedFrom).toBe('2024-01-31');
        expect(day.rows.map((r) => [r.date, r.estimated])).toEqual([
          ['2024-01-30', false],
          ['2024-01-31', true],
          ['2024-02-01', true],
        ]);
        const month = await engine.query(base({ interval: 'Month', metrics: ['revenue'] }));
        expect(month.rows.map((r) => [r.month, r.estimated])).toEqual([
          ['2024-01', true],
          ['2024-02', true],
        ]);
        await engine.setFinalizedThrough('P1', 'revenue', '2024-02-01');
        const final = await engine.query(base({ interval: 'Day', metrics: ['revenue'] }));
        expect(final.estimatedFrom).toBeUndefined();
        expect(final.rows.every((r) => r.estimated === false)).toBe(true);
      });

      it('answers the same with the finalized date known, and uses the date it is given', async () => {
        await engine.setFinalizedThrough('P1', 'revenue', '2024-01-31');
        const known = { finalizedThrough: await engine.getFinalizedThrough('P1', 'revenue') };
        const shapes: Partial<ReportQuery>[] = [
          {},
          { interval: 'Day' },
          { interval: 'Month', dimensions: ['sites'] },
          { interval: 'Day', dimensions: ['sites', 'size', 'brand'], metrics: ['impressions', 'revenue'] },
          { interval: 'Day', limit: 1 },
          { interval: 'Day', limit: 0 },
          { dimensions: ['size'], sort: { key: 'eCpm', dir: 'desc' } },
        ];
        for (const shape of shapes) expect(await engine.query(base(shape), known)).toEqual(await engine.query(base(shape)));
        // A date the caller holds is used as given: nothing finalized, so every day is estimated.
        const told = await engine.query(base({ interval: 'Day' }), { finalizedThrough: null });
        expect(told.estimatedFrom).toBe('2024-01-30');
        expect(told.rows.every((r) => r.estimated === true)).toBe(true);
        await engine.setFinalizedThrough('P1', 'revenue', '2024-02-01');
      });

      it('streams every row without the limit', async () => {
        let count = 0;
        let chunks = 0;
        for await (const chunk of engine.streamRows(
          base({ publisherId: 'P3', dateFrom: '2022-01-01', dateTo: '2023-12-31', interval: 'Day', metrics: ['impressions'] }),
        )) {
          count += chunk.length;
          chunks += 1;
        }
        expect(count).toBe(700);
        expect(chunks).toBeGreaterThanOrEqual(1);
      });
    });

    ingestionCases(() => engine);
    exportCases(() => engine);
    dailyRevenueCases(() => engine);
  });
}
