import { describe, expect, it } from 'vitest';
import type { ReportResult } from '@pc/contracts';
import { chartPoints } from './report-chart';

const result = (rows: ReportResult['rows']): ReportResult => ({
  columns: [],
  rows,
  totalRows: rows.length,
  totals: {},
  unavailableMetrics: {},
  currency: 'USD',
  rowLimit: 500,
});

describe('chart points', () => {
  it('pairs day i of the range with day i of the previous period and leaves gaps for missing days', () => {
    const points = chartPoints({
      metric: 'revenue',
      monthly: false,
      range: { from: '2026-11-04', to: '2026-11-06' },
      previous: { from: '2026-11-01', to: '2026-11-03' },
      current: result([
        { date: '2026-11-04', revenue: 10 },
        { date: '2026-11-06', revenue: 30 },
      ]),
      prior: result([
        { date: '2026-11-01', revenue: 1 },
        { date: '2026-11-02', revenue: 2 },
        { date: '2026-11-03', revenue: 3 },
      ]),
    });
    expect(points).toEqual([
      { x: 'Nov 4', current: 10, previous: 1 },
      { x: 'Nov 5', current: null, previous: 2 },
      { x: 'Nov 6', current: 30, previous: 3 },
    ]);
  });

  it('works by month', () => {
    const points = chartPoints({
      metric: 'organicClicks',
      monthly: true,
      range: { from: '2026-10-15', to: '2026-11-20' },
      previous: { from: '2026-09-08', to: '2026-10-14' },
      current: result([{ month: '2026-10', organicClicks: 5 }]),
      prior: result([{ month: '2026-09', organicClicks: 4 }]),
    });
    expect(points).toEqual([
      { x: 'Oct 2026', current: 5, previous: 4 },
      { x: 'Nov 2026', current: null, previous: null },
    ]);
  });
});
