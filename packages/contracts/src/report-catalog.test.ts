import { describe, expect, it } from 'vitest';
import { METRICS, RECIRCULATION_METRICS, REVENUE_METRICS } from './report-catalog';

// Every metric has a tooltip with its definition, derived metrics with their
// formula, and the spec's recirculation tooltips stay word for word.
describe('metric definitions', () => {
  it('every metric has a definition', () => {
    for (const key of [...REVENUE_METRICS, ...RECIRCULATION_METRICS]) {
      expect(METRICS[key].tooltip?.length ?? 0, key).toBeGreaterThan(15);
    }
  });

  it('every derived revenue metric gives its formula in the labels of the metrics it is made of', () => {
    const formulas: Record<string, string> = {
      fillRate: 'Impressions ÷ Impression Requests',
      eCpm: 'Revenue ÷ Impression Requests × 1,000',
      netECpm: 'Net Revenue ÷ Impression Requests × 1,000',
      cpm: 'Revenue ÷ Impressions × 1,000',
      netCpm: 'Net Revenue ÷ Impressions × 1,000',
    };
    for (const [key, formula] of Object.entries(formulas)) {
      expect(METRICS[key as keyof typeof METRICS].tooltip).toContain(formula);
      // The formula's terms are the labels the user sees in the table.
      for (const term of formula.split(/ [÷×] /).filter((t) => t !== '1,000')) {
        expect(
          Object.values(METRICS).some((m) => m.label === term),
          term,
        ).toBe(true);
      }
    }
  });

  it("keeps the spec's recirculation tooltips word for word", () => {
    expect(METRICS.organicPageViews.tooltip).toBe('A view of a page showing a Content Discovery widget with organic content.');
    expect(METRICS.organicClicks.tooltip).toBe('A click on a recommendation.');
    expect(METRICS.organicCtr.tooltip).toBe('Clicks divided by page views.');
  });
});
