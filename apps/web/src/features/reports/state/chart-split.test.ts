import { describe, expect, it } from 'vitest';
import type { ReportResult } from '@pc/contracts';
import { splitFilters, splitPoints, splitTopN, topLabels } from './chart-split';

const result = (rows: ReportResult['rows']): ReportResult => ({
  columns: [],
  rows,
  totalRows: rows.length,
  totals: {},
  unavailableMetrics: {},
  currency: 'USD',
  rowLimit: 500,
});

describe('chart split', () => {
  it('takes the top values by the chart metric, fewer on long daily ranges so the series are never cut', () => {
    const rank = result([
      { brand: 'Acme', revenue: 30 },
      { brand: 'Bolt', revenue: 20 },
      { brand: 'Cog', revenue: null },
    ]);
    expect(topLabels(rank, 'brand', 'revenue', 5)).toEqual(['Acme', 'Bolt']);
    expect(topLabels(rank, 'brand', 'revenue', 1)).toEqual(['Acme']);
    expect(splitTopN({ from: '2026-10-01', to: '2026-10-31' }, false)).toBe(5);
    // 366 days x n rows must fit in 500 rows: one line.
    expect(splitTopN({ from: '2025-11-01', to: '2026-11-01' }, false)).toBe(1);
    expect(splitTopN({ from: '2025-11-01', to: '2026-11-01' }, true)).toBe(5);
  });

  it("narrows the dimension's filter to the top values, and Other to the rest of what the user's filter lets through", () => {
    const base = [{ dimension: 'product_type' as const, mode: 'include' as const, values: ['Display'] }];
    expect(splitFilters(base, 'brand', ['Acme'], 'only')).toEqual([...base, { dimension: 'brand', mode: 'include', values: ['Acme'] }]);
    expect(splitFilters(base, 'brand', ['Acme'], 'others')).toEqual([...base, { dimension: 'brand', mode: 'exclude', values: ['Acme'] }]);
    const excl = [{ dimension: 'brand' as const, mode: 'exclude' as const, values: ['Zed'] }];
    expect(splitFilters(excl, 'brand', ['Acme'], 'others')).toEqual([{ dimension: 'brand', mode: 'exclude', values: ['Zed', 'Acme'] }]);
    const incl = [{ dimension: 'brand' as const, mode: 'include' as const, values: ['Acme', 'Bolt'] }];
    expect(splitFilters(incl, 'brand', ['Acme'], 'others')).toEqual([{ dimension: 'brand', mode: 'include', values: ['Bolt'] }]);
    expect(splitFilters(incl, 'brand', ['Acme', 'Bolt'], 'others')).toBeNull();
  });

  it('lines per top value plus Other that add up to the unsplit figure of each day, with gaps for missing days', () => {
    const points = splitPoints({
      dimension: 'brand',
      metric: 'revenue',
      monthly: false,
      range: { from: '2026-10-01', to: '2026-10-03' },
      labels: ['Acme', 'Bolt'],
      split: result([
        { date: '2026-10-01', brand: 'Acme', revenue: 10 },
        { date: '2026-10-01', brand: 'Bolt', revenue: 5 },
        { date: '2026-10-02', brand: 'Acme', revenue: 7 },
      ]),
      other: result([
        { date: '2026-10-01', revenue: 2.5 },
        { date: '2026-10-02', revenue: 1 },
      ]),
      periodLabel: (p) => p,
    });
    expect(points).toEqual([
      { x: '2026-10-01', s0: 10, s1: 5, other: 2.5 },
      { x: '2026-10-02', s0: 7, s1: null, other: 1 },
      { x: '2026-10-03', s0: null, s1: null, other: null },
    ]);
    // The unsplit chart for 1 Oct shows 17.5: the split lines sum to it.
    const first = points[0]!;
    expect(Number(first.s0) + Number(first.s1) + Number(first.other)).toBe(17.5);
  });
});
