import { describe, expect, it } from 'vitest';
import type { ReportResult } from '@pc/contracts';
import { coverageFromSeries, totalsChanges } from './comparison';

const series = (dates: string[], revenue: number): ReportResult => ({
  columns: [],
  rows: dates.map((date) => ({ date, revenue: revenue / dates.length })),
  totalRows: dates.length,
  totals: { revenue },
  unavailableMetrics: {},
  currency: 'USD',
  rowLimit: 500,
});

const TODAY = '2026-11-23';
const oct = { from: '2026-10-01', to: '2026-10-31' };
const sep = { from: '2026-09-01', to: '2026-09-30' };

describe('comparison coverage and wording', () => {
  it('a complete comparison period gives a percentage', () => {
    const changes = totalsChanges(['revenue'], oct, sep, series(['2026-10-01'], 150), series(['2026-09-01', '2026-09-30'], 100), TODAY);
    expect(changes?.revenue).toEqual({ kind: 'change', ratio: 0.5 });
  });

  it('no rows in the comparison period: no data, not +100 %', () => {
    expect(totalsChanges(['revenue'], oct, sep, series(['2026-10-01'], 150), series([], 0), TODAY)?.revenue).toEqual({ kind: 'noData' });
  });

  it('data that starts inside the comparison period: partial, not +412.5 %', () => {
    const before = series(['2026-09-25', '2026-09-30'], 20);
    expect(coverageFromSeries(before, sep, TODAY)).toBe('partial');
    expect(totalsChanges(['revenue'], oct, sep, series(['2026-10-01'], 102.5), before, TODAY)?.revenue).toEqual({ kind: 'partialData' });
  });

  it('a range that reaches today is not compared as if whole', () => {
    const range = { from: '2026-11-22', to: TODAY };
    const changes = totalsChanges(
      ['revenue'],
      range,
      { from: '2026-11-20', to: '2026-11-21' },
      series([TODAY], 10),
      series(['2026-11-20'], 17),
      TODAY,
    );
    expect(changes?.revenue).toEqual({ kind: 'partialDay' });
  });

  it('month series: a first month after the period start is partial', () => {
    const months: ReportResult = { ...series([], 5), rows: [{ month: '2026-09', revenue: 5 }], totalRows: 1 };
    expect(coverageFromSeries(months, { from: '2026-08-01', to: '2026-09-30' }, TODAY)).toBe('partial');
    expect(coverageFromSeries(months, sep, TODAY)).toBe('complete');
  });
});
