import { describe, expect, it } from 'vitest';
import { dayNumber as day } from '@pc/contracts';
import type { DailyRevenueSeries, ReportEngine } from '../../src/report-engine/report-engine';
const sorted = (series: DailyRevenueSeries[]) =>
  [...series].sort((a, b) =>
    `${a.publisherId}/${a.siteId}/${a.productType}`.localeCompare(`${b.publisherId}/${b.siteId}/${b.productType}`),
  );

/**
 * Part of engineSuite (engine-suite.ts), same facts: the daily revenue scan's read. Revenue per
 * publisher, site id and product type by day, summed over sizes, brands and deals, for the
 * publishers asked and no other.
 */
export function dailyRevenueCases(engine: () => ReportEngine): void {
  describe('daily revenue series', () => {
    it("reads several publishers' days by site and product type at once, sizes and brands summed", async () => {
      const series = await engine().dailyRevenueSeries(['P1', 'P2'], '2024-01-30', '2024-02-01');
      expect(sorted(series)).toEqual([
        { publisherId: 'P1', siteId: 's1', productType: 'Display', days: [day('2024-01-30'), day('2024-02-01')], revenue: [3, 3] },
        { publisherId: 'P1', siteId: 's1', productType: 'Video', days: [day('2024-01-30')], revenue: [1.5] },
        { publisherId: 'P1', siteId: 's2', productType: 'Display', days: [day('2024-01-31')], revenue: [0.5] },
        { publisherId: 'P2', siteId: 'x1', productType: 'Display', days: [day('2024-01-30')], revenue: [9] },
      ]);
    });

    it('keeps to the publishers and days asked for', async () => {
      const series = await engine().dailyRevenueSeries(['P1'], '2024-01-31', '2024-02-01');
      expect(sorted(series).map((s) => [s.siteId, s.productType, s.revenue])).toEqual([
        ['s1', 'Display', [3]],
        ['s2', 'Display', [0.5]],
      ]);
      expect(await engine().dailyRevenueSeries([], '2024-01-30', '2024-02-01')).toEqual([]);
      await expect(engine().dailyRevenueSeries(['P1'], '2024-13-01', '2024-02-01')).rejects.toThrow('YYYY-MM-DD');
    });
  });
}
