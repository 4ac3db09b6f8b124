import { describe, expect, it } from 'vitest';
import type { ReportEngine } from '../../src/report-engine/report-engine';
import { base } from './engine-suite-query';

/** Part of engineSuite (engine-suite.ts), same facts: metric-sorted pages and month splits. */
export function sortedPagesCases(engine: () => ReportEngine): void {
  describe('metric-sorted pages, whole and cut months', () => {
    const sales = ['impressions', 'revenue', 'cpm'] as const;
    it('a Day page at an exact grain: top rows by revenue, count and totals over every row, filter applied', async () => {
      // Day x size without 728x90: (02-01, 300x250) rv 3 ; (01-30, 300x250) 2 ; (01-30, Video) 1.5 ; (01-31, 300x250) 0.5
      const res = await engine().query(
        base({
          interval: 'Day',
          dimensions: ['size'],
          metrics: [...sales],
          filters: [{ dimension: 'size', mode: 'include', values: ['300x250', 'Video'] }],
          sort: { key: 'revenue', dir: 'desc' },
          limit: 2,
        }),
      );
      expect(res.rows.map((r) => [r.date, r.size, r.impressions, r.revenue])).toEqual([
        ['2024-02-01', '300x250', 600, 3],
        ['2024-01-30', '300x250', 400, 2],
      ]);
      expect(res.totalRows).toBe(4);
      expect(res.totals).toMatchObject({ impressions: 1300, revenue: 7 });
      expect(res.totals.cpm).toBeCloseTo(7000 / 1300, 10);
      const none = await engine().query(
        base({
          interval: 'Day',
          dimensions: ['size'],
          metrics: [...sales],
          filters: [{ dimension: 'size', mode: 'include', values: ['none'] }],
        }),
      );
      expect([none.totalRows, none.rows, none.totals.impressions, none.totals.cpm]).toEqual([0, [], 0, null]);
    });

    it('a Day report at an exact grain over whole months: the same count and totals as its day rows give', async () => {
      // Site x size x brand (a fine rollup: its totals come from its month copy on ClickHouse). No
      // facts before 2024-01-30, so a cut December, the whole January and a cut 02-01 hold the same
      // four filtered rows as above, one per day, site, size and brand; over January and February
      // whole and unfiltered, Alpha's 728x90 Globex row too.
      const day = (dateFrom: string, dateTo: string, filtered: boolean) =>
        engine().query(
          base({
            dateFrom,
            dateTo,
            interval: 'Day',
            dimensions: ['sites', 'size', 'brand'],
            metrics: [...sales],
            ...(filtered ? { filters: [{ dimension: 'size' as const, mode: 'include' as const, values: ['300x250', 'Video'] }] } : {}),
            limit: 1,
          }),
        );
      const cut = await day('2023-12-15', '2024-02-01', true);
      expect([cut.totalRows, cut.totals.impressions, cut.totals.revenue]).toEqual([4, 1300, 7]);
      const whole = await day('2024-01-01', '2024-02-29', false);
      expect([whole.totalRows, whole.totals.impressions, whole.totals.revenue]).toEqual([5, 1400, 8]);
      expect(whole.totals.cpm).toBeCloseTo(8000 / 1400, 10);
    });

    it('a Day page at an exact grain ordered by date: the first days only, newest or oldest first, totals over every row', async () => {
      // Day x size without 728x90: (01-30, 300x250) rv 2 ; (01-30, Video) 1.5 ; (01-31, 300x250) 0.5 ; (02-01, 300x250) 3
      const page = async (dir: 'asc' | 'desc', limit: number) => {
        const res = await engine().query(
          base({
            interval: 'Day',
            dimensions: ['size'],
            metrics: [...sales],
            filters: [{ dimension: 'size', mode: 'include', values: ['300x250', 'Video'] }],
            sort: { key: 'date', dir },
            limit,
          }),
        );
        expect([res.totalRows, res.totals.revenue]).toEqual([4, 7]);
        return res.rows.map((r) => [r.date, r.size, r.revenue]);
      };
      // The page's last day has more rows than the page takes, or exactly as many; or the whole range.
      expect(await page('asc', 1)).toEqual([['2024-01-30', '300x250', 2]]);
      expect(await page('asc', 3)).toEqual([
        ['2024-01-30', '300x250', 2],
        ['2024-01-30', 'Video', 1.5],
        ['2024-01-31', '300x250', 0.5],
      ]);
      expect(await page('desc', 2)).toEqual([
        ['2024-02-01', '300x250', 3],
        ['2024-01-31', '300x250', 0.5],
      ]);
      expect(await page('desc', 10)).toEqual([
        ['2024-02-01', '300x250', 3],
        ['2024-01-31', '300x250', 0.5],
        ['2024-01-30', '300x250', 2],
        ['2024-01-30', 'Video', 1.5],
      ]);
    });

    it('Month over whole months, sorted by revenue: site x size x brand', async () => {
      const res = await engine().query(
        base({
          dateFrom: '2024-01-01',
          dateTo: '2024-02-29',
          interval: 'Month',
          dimensions: ['sites', 'size', 'brand'],
          metrics: [...sales],
          sort: { key: 'revenue', dir: 'desc' },
        }),
      );
      expect(res.rows.map((r) => [r.month, r.sites, r.size, r.brand, r.impressions, r.revenue])).toEqual([
        ['2024-02', 'Alpha News', '300x250', 'Globex', 600, 3],
        ['2024-01', 'Alpha News', '300x250', 'Acme', 400, 2],
        ['2024-01', 'Alpha News', 'Video', 'Acme', 50, 1.5],
        ['2024-01', 'Alpha News', '728x90', 'Globex', 100, 1],
        ['2024-01', 'Beta Blog', '300x250', 'Acme', 250, 0.5],
      ]);
      expect(res.totalRows).toBe(5);
      expect(res.totals).toMatchObject({ impressions: 1400, revenue: 8 });
    });

    it('Month with a cut first month: only its days in range count, requests included', async () => {
      // 2024-01 holds only 01-31 (Beta: r 500, rv 0.5); 2024-02 is whole (Alpha r 800 rv 3, Beta Native r 0).
      const res = await engine().query(
        base({
          dateFrom: '2024-01-31',
          dateTo: '2024-02-29',
          interval: 'Month',
          dimensions: ['sites'],
          metrics: ['impRequests', 'revenue', 'eCpm'],
          sort: { key: 'revenue', dir: 'desc' },
        }),
      );
      expect(res.rows.map((r) => [r.month, r.sites, r.impRequests, r.revenue, r.eCpm])).toEqual([
        ['2024-02', 'Alpha News', 800, 3, 3.75],
        ['2024-01', 'Beta Blog', 500, 0.5, 1],
        ['2024-02', 'Beta Blog', 0, 0, null],
      ]);
      expect(res.totals).toMatchObject({ impRequests: 1300, revenue: 3.5 });
    });

    it('Cumulative over a whole month and a cut one, filtered', async () => {
      // 2024-01 whole + 02-01; without Globex: 300x250 i 400 + 250 = 650, Video 50.
      const res = await engine().query(
        base({
          dateFrom: '2024-01-01',
          dateTo: '2024-02-01',
          dimensions: ['size'],
          metrics: ['impressions', 'revenue'],
          filters: [{ dimension: 'brand', mode: 'exclude', values: ['Globex'] }],
          sort: { key: 'impressions', dir: 'desc' },
        }),
      );
      expect(res.rows).toEqual([
        { size: '300x250', impressions: 650, revenue: 2.5 },
        { size: 'Video', impressions: 50, revenue: 1.5 },
      ]);
      expect(res.totals).toMatchObject({ impressions: 700, revenue: 4 });
      const all = await engine().query(base({ dateFrom: '2023-12-01', dateTo: '2024-02-29', metrics: ['impRequests', 'impressions'] }));
      expect(all.rows).toEqual([{ impRequests: 2500, impressions: 1400 }]);
    });
  });
}
