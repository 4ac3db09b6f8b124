import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, daysOf, epochAtNoon, isIsoDay, monthsOf, presetRange, previousRange, rangeLength } from './date-presets';

describe('date presets', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // A Wednesday in mid-March; local time.
    vi.setSystemTime(new Date(2026, 2, 18, 9, 30));
  });
  afterEach(() => vi.useRealTimers());

  it('resolves each preset against today (facts end yesterday)', () => {
    expect(presetRange('yesterday')).toEqual({ from: '2026-03-17', to: '2026-03-17' });
    expect(presetRange('last7')).toEqual({ from: '2026-03-11', to: '2026-03-17' });
    expect(presetRange('last30')).toEqual({ from: '2026-02-16', to: '2026-03-17' });
    expect(presetRange('thisMonth')).toEqual({ from: '2026-03-01', to: '2026-03-17' });
    expect(presetRange('lastMonth')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(rangeLength(presetRange('last7'))).toBe(7);
    expect(rangeLength(presetRange('last30'))).toBe(30);
    expect(presetRange('last90')).toEqual({ from: '2025-12-18', to: '2026-03-17' });
    expect(presetRange('thisQuarter')).toEqual({ from: '2026-01-01', to: '2026-03-17' });
    expect(presetRange('yearToDate')).toEqual({ from: '2026-01-01', to: '2026-03-17' });
    // Whole months, so it compares month for month.
    expect(presetRange('last12Months')).toEqual({ from: '2025-03-01', to: '2026-02-28' });
    vi.setSystemTime(new Date(2026, 7, 18, 9, 30));
    expect(presetRange('thisQuarter')).toEqual({ from: '2026-07-01', to: '2026-08-17' });
  });

  it('handles month and year boundaries', () => {
    vi.setSystemTime(new Date(2026, 0, 1, 8));
    expect(presetRange('yesterday')).toEqual({ from: '2025-12-31', to: '2025-12-31' });
    expect(presetRange('lastMonth')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    // On the 1st "This month" is today only: never a range that ends before it starts.
    expect(presetRange('thisMonth')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    vi.setSystemTime(new Date(2024, 2, 10, 8));
    expect(presetRange('lastMonth')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('sends dates as epoch ms of the day at UTC noon, whatever the browser zone', () => {
    const ms = epochAtNoon('2026-03-05');
    expect(ms).toBe(Date.UTC(2026, 2, 5, 12));
    // The server reads the UTC date of that instant: the same calendar day in every zone.
    expect(new Date(ms).toISOString().slice(0, 10)).toBe('2026-03-05');
  });

  it('does day arithmetic across DST changes', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
    expect(rangeLength({ from: '2026-03-01', to: '2026-03-31' })).toBe(31);
  });

  it('gives the previous period: equal length, or the previous calendar month for a whole month', () => {
    expect(previousRange({ from: '2026-03-11', to: '2026-03-17' })).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousRange({ from: '2026-10-01', to: '2026-10-31' })).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(previousRange({ from: '2026-03-17', to: '2026-03-17' })).toEqual({ from: '2026-03-16', to: '2026-03-16' });
  });

  it('compares a "to date" preset with the same days of the previous period, as the home page does', () => {
    const mtd = { from: '2026-11-01', to: '2026-11-27' };
    expect(previousRange(mtd, 'previous', null, 'thisMonth')).toEqual({ from: '2026-10-01', to: '2026-10-27' });
    expect(previousRange({ from: '2026-10-01', to: '2026-11-27' }, 'previous', null, 'thisQuarter')).toEqual({
      from: '2026-07-01',
      to: '2026-08-27',
    });
    expect(previousRange({ from: '2026-01-01', to: '2026-11-27' }, 'previous', null, 'yearToDate')).toEqual({
      from: '2025-01-01',
      to: '2025-11-27',
    });
    // The same days picked as a custom range keep comparing with the days right before.
    expect(previousRange(mtd, 'previous', null, 'custom')).toEqual({ from: '2026-10-05', to: '2026-10-31' });
  });

  it('lists days and months of a range and validates days', () => {
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(monthsOf({ from: '2025-11-20', to: '2026-02-03' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('yesterday')).toBe(false);
  });
});
