import { describe, expect, it } from 'vitest';
import type { ReportEngine } from '../../src/report-engine/report-engine';
import { base } from './engine-suite-query';

/** Part of engineSuite (engine-suite.ts), same facts: the recirculation report. */
export function recirculationCases(engine: () => ReportEngine): void {
  describe('recirculation', () => {
    it('site figures leave out Explore More page views; the widget split shows them', async () => {
      // No widget split: Alpha pv 1000 (Explore More's 400 left out), ck 50+20 = 70 -> ctr 0.07;
      // Beta pv 300 ck 3 -> 0.01. Totals pv 1300, ck 73 -> ctr 73/1300 = 0.0561538.
      const q = {
        ...base({}),
        reportType: 'recirculation' as const,
        metrics: ['organicPageViews' as const, 'organicClicks' as const, 'organicCtr' as const],
      };
      const res = await engine().query({ ...q, dimensions: ['sites'] });
      expect(res.rows.map((r) => [r.sites, r.organicPageViews, r.organicClicks])).toEqual([
        ['Alpha News', 1000, 70],
        ['Beta Blog', 300, 3],
      ]);
      expect(res.rows[0]?.organicCtr).toBeCloseTo(0.07, 10);
      expect(res.totals.organicCtr).toBeCloseTo(0.0561538, 6);
      // Widget split: pv 1000/400/300 -> total 1700, ctr 73/1700 = 0.0429412.
      const byWidget = await engine().query({ ...q, dimensions: ['widget'] });
      expect(byWidget.rows.map((r) => [r.widget, r.organicPageViews])).toEqual([
        ['Below Article', 1000],
        ['Explore More', 400],
        ['Right Rail', 300],
      ]);
      expect(byWidget.totals.organicCtr).toBeCloseTo(0.0429412, 6);
      // Day: 01-31 has 0 page views -> CTR null.
      const byDay = await engine().query({ ...q, interval: 'Day' });
      expect(byDay.rows.map((r) => [r.date, r.organicPageViews, r.organicCtr])).toEqual([
        ['2024-01-30', 1300, 73 / 1300],
        ['2024-01-31', 0, null],
      ]);
    });
  });
}
