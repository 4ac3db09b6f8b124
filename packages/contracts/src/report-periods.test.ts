import { describe, expect, it } from 'vitest';
import {
  comparisonRange,
  coverageOf,
  dayNumber,
  dayOfNumber,
  dayToEpochNoon,
  describeChange,
  epochNoonToDay,
  isReportDay,
  periodChange,
  sameDaysEarlier,
  shiftMonths,
  todayIn,
  wholeMonths,
} from './report-periods';

describe('report days on the wire', () => {
  it('sends "YYYY-MM-DD at noon" as UTC noon and reads the same day back', () => {
    expect(dayToEpochNoon('2026-11-10')).toBe(Date.UTC(2026, 10, 10, 12));
    expect(epochNoonToDay(dayToEpochNoon('2026-11-10'))).toBe('2026-11-10');
    expect(epochNoonToDay(dayToEpochNoon('2024-02-29'))).toBe('2024-02-29');
  });

  it('shows why local noon could not work: UTC-10 and UTC+14 noons of different days are one instant', () => {
    const honoluluNoon10 = Date.UTC(2026, 10, 10, 22); // 12:00 at UTC-10 on the 10th
    const kiritimatiNoon11 = Date.UTC(2026, 10, 11, 12 - 14); // 12:00 at UTC+14 on the 11th
    expect(honoluluNoon10).toBe(kiritimatiNoon11);
  });

  it('numbers days from 1970-01-01 and reads them back, across a leap day', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2024-03-01') - dayNumber('2024-02-28')).toBe(2);
    expect(dayOfNumber(dayNumber('2024-02-29'))).toBe('2024-02-29');
  });

  it('rejects impossible days', () => {
    expect(isReportDay('2026-02-29')).toBe(false);
    expect(isReportDay('2026-13-01')).toBe(false);
    expect(isReportDay('2024-02-29')).toBe(true);
  });

  it('knows today in the reporting time zone, whatever the machine zone', () => {
    const now = new Date('2026-11-10T11:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-10');
    expect(todayIn('Pacific/Honolulu', now)).toBe('2026-11-10');
    expect(todayIn('Pacific/Kiritimati', now)).toBe('2026-11-11');
    expect(todayIn('Pacific/Honolulu', new Date('2026-11-10T09:59:00Z'))).toBe('2026-11-09');
  });
});

describe('comparison periods', () => {
  it('compares a whole month with the previous calendar month', () => {
    expect(comparisonRange({ from: '2026-10-01', to: '2026-10-31' }, 'previous')).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(comparisonRange({ from: '2026-03-01', to: '2026-03-31' }, 'previous')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(comparisonRange({ from: '2026-01-01', to: '2026-01-31' }, 'previous')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('compares a quarter with the previous quarter', () => {
    expect(wholeMonths({ from: '2026-07-01', to: '2026-09-30' })).toBe(3);
    expect(comparisonRange({ from: '2026-07-01', to: '2026-09-30' }, 'previous')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
  });

  it('compares any other range with the same number of days right before', () => {
    expect(comparisonRange({ from: '2026-11-10', to: '2026-11-12' }, 'previous')).toEqual({ from: '2026-11-07', to: '2026-11-09' });
    // Month to date is not a whole month: the same number of days.
    expect(comparisonRange({ from: '2026-03-01', to: '2026-03-15' }, 'previous')).toEqual({ from: '2026-02-14', to: '2026-02-28' });
  });

  it('compares with the same period last year', () => {
    expect(comparisonRange({ from: '2026-11-10', to: '2026-11-12' }, 'yearAgo')).toEqual({ from: '2025-11-10', to: '2025-11-12' });
    expect(comparisonRange({ from: '2025-02-01', to: '2025-02-28' }, 'yearAgo')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(comparisonRange({ from: '2024-02-29', to: '2024-03-02' }, 'yearAgo')).toEqual({ from: '2023-02-28', to: '2023-03-02' });
    expect(shiftMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('moves a to-date range to the same days months earlier, clamped, whole months kept whole', () => {
    expect(sameDaysEarlier({ from: '2026-11-01', to: '2026-11-27' }, 1)).toEqual({ from: '2026-10-01', to: '2026-10-27' });
    expect(sameDaysEarlier({ from: '2026-03-01', to: '2026-03-31' }, 1)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(sameDaysEarlier({ from: '2024-03-01', to: '2024-03-30' }, 1)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(sameDaysEarlier({ from: '2026-01-01', to: '2026-02-28' }, 12)).toEqual({ from: '2025-01-01', to: '2025-02-28' });
    expect(sameDaysEarlier({ from: '2029-01-01', to: '2029-02-28' }, 12)).toEqual({ from: '2028-01-01', to: '2028-02-29' });
    expect(sameDaysEarlier({ from: '2028-01-01', to: '2028-02-28' }, 12)).toEqual({ from: '2027-01-01', to: '2027-02-28' });
  });

  it('uses a custom comparison as given, and requires one', () => {
    const custom = { from: '2026-01-05', to: '2026-01-09' };
    expect(comparisonRange({ from: '2026-11-10', to: '2026-11-12' }, 'custom', custom)).toEqual(custom);
    expect(() => comparisonRange({ from: '2026-11-10', to: '2026-11-12' }, 'custom')).toThrow();
  });
});

describe('honest changes', () => {
  const first = '2026-01-01';
  const lastComplete = '2026-11-22';

  it('says there is no data instead of a percentage', () => {
    const prev = comparisonRange({ from: '2026-01-01', to: '2026-01-31' }, 'previous');
    const coverage = {
      current: coverageOf({ from: '2026-01-01', to: '2026-01-31' }, first, lastComplete),
      previous: coverageOf(prev, first, lastComplete),
    };
    expect(coverage).toEqual({ current: 'complete', previous: 'none' });
    expect(describeChange(periodChange(500, 0, coverage))).toBe('No data for the comparison period');
  });

  it('says the comparison period is partial (the +412.5 % case)', () => {
    const range = { from: '2026-01-05', to: '2026-01-14' };
    const coverage = {
      current: coverageOf(range, first, lastComplete),
      previous: coverageOf(comparisonRange(range, 'previous'), first, lastComplete),
    };
    expect(coverage.previous).toBe('partial');
    expect(periodChange(820, 160, coverage)).toEqual({ kind: 'partialData' });
  });

  it('never compares a partial today as a whole day', () => {
    const today = { from: '2026-11-23', to: '2026-11-23' };
    const coverage = {
      current: coverageOf(today, first, lastComplete),
      previous: coverageOf(comparisonRange(today, 'previous'), first, lastComplete),
    };
    expect(coverage).toEqual({ current: 'none', previous: 'complete' });
    expect(describeChange(periodChange(58.4, 100, coverage))).toBe('Includes a partial day, not compared');
    expect(coverageOf({ from: '2026-11-20', to: '2026-11-23' }, first, lastComplete)).toBe('partial');
  });

  it('gives a signed percentage when both periods are complete', () => {
    const both = { current: 'complete', previous: 'complete' } as const;
    expect(describeChange(periodChange(112.5, 100, both))).toBe('+12.5%');
    expect(describeChange(periodChange(50, 100, both))).toBe('−50.0%');
    expect(periodChange(5, 0, both)).toEqual({ kind: 'fromZero' });
    expect(periodChange(0, 0, both)).toEqual({ kind: 'change', ratio: 0 });
    // A change that rounds to nothing carries no sign.
    expect(describeChange(periodChange(99.9999, 100, both))).toBe('0.0%');
    expect(describeChange(periodChange(100.0001, 100, both))).toBe('0.0%');
  });
});
