import { describe, expect, it } from 'vitest';
import { comparedPeriod, presetDays, resolvePeriods, resolvePeriodsAt, totalsChanges } from './report-calendar';
import { DATE_PRESETS, type DatePresetKey } from './report-presets';

const r = (from: string, to: string) => ({ from, to });

describe('every preset with its comparison period (today 28 Nov 2026)', () => {
  const today = '2026-11-28';
  const expected: Record<Exclude<DatePresetKey, 'custom'>, { range: object; compared: object; yearAgo: object }> = {
    yesterday: { range: r('2026-11-27', '2026-11-27'), compared: r('2026-11-26', '2026-11-26'), yearAgo: r('2025-11-27', '2025-11-27') },
    last7: { range: r('2026-11-21', '2026-11-27'), compared: r('2026-11-14', '2026-11-20'), yearAgo: r('2025-11-21', '2025-11-27') },
    last30: { range: r('2026-10-29', '2026-11-27'), compared: r('2026-09-29', '2026-10-28'), yearAgo: r('2025-10-29', '2025-11-27') },
    // 90 days before 30 Aug: 1 Jun - 29 Aug.
    last90: { range: r('2026-08-30', '2026-11-27'), compared: r('2026-06-01', '2026-08-29'), yearAgo: r('2025-08-30', '2025-11-27') },
    // To date: the same days of the previous month, not the 27 days right before (5-31 Oct).
    thisMonth: { range: r('2026-11-01', '2026-11-27'), compared: r('2026-10-01', '2026-10-27'), yearAgo: r('2025-11-01', '2025-11-27') },
    lastMonth: { range: r('2026-10-01', '2026-10-31'), compared: r('2026-09-01', '2026-09-30'), yearAgo: r('2025-10-01', '2025-10-31') },
    // Quarter to date: the same days of the previous quarter.
    thisQuarter: { range: r('2026-10-01', '2026-11-27'), compared: r('2026-07-01', '2026-08-27'), yearAgo: r('2025-10-01', '2025-11-27') },
    // Year to date: the same days last year, for "previous" and "same period last year" alike.
    yearToDate: { range: r('2026-01-01', '2026-11-27'), compared: r('2025-01-01', '2025-11-27'), yearAgo: r('2025-01-01', '2025-11-27') },
    last12Months: {
      range: r('2025-11-01', '2026-10-31'),
      compared: r('2024-11-01', '2025-10-31'),
      yearAgo: r('2024-11-01', '2025-10-31'),
    },
  };

  it.each(DATE_PRESETS.filter((p) => p !== 'custom'))('%s', (preset) => {
    const want = expected[preset as Exclude<DatePresetKey, 'custom'>];
    expect(resolvePeriods({ preset }, today)).toEqual({ range: want.range, compared: want.compared });
    expect(resolvePeriods({ preset, compare: 'previous' }, today).compared).toEqual(want.compared);
    expect(resolvePeriods({ preset, compare: 'yearAgo' }, today).compared).toEqual(want.yearAgo);
    const custom = r('2026-01-05', '2026-01-09');
    expect(resolvePeriods({ preset, compare: 'custom', compareCustom: custom }, today).compared).toEqual(custom);
  });

  it('custom days compare by their length, a custom comparison without days with the previous period', () => {
    // Not a preset: 1-27 Nov could be "the last 27 days" as well, so it keeps the same number of days right before.
    expect(resolvePeriods({ preset: 'custom', custom: r('2026-11-01', '2026-11-27') }, today).compared).toEqual(
      r('2026-10-05', '2026-10-31'),
    );
    expect(resolvePeriods({ preset: 'custom', custom: r('2026-10-01', '2026-10-31') }, today).compared).toEqual(
      r('2026-09-01', '2026-09-30'),
    );
    expect(presetDays('custom', today, null)).toEqual(r('2026-11-21', '2026-11-27'));
    expect(resolvePeriods({ preset: 'thisMonth', compare: 'custom', compareCustom: null }, today).compared).toEqual(
      r('2026-10-01', '2026-10-27'),
    );
  });

  it('on the 1st, "This month" is today only and compares with the 1st of last month', () => {
    expect(resolvePeriods({ preset: 'thisMonth' }, '2026-12-01')).toEqual({
      range: r('2026-12-01', '2026-12-01'),
      compared: r('2026-11-01', '2026-11-01'),
    });
  });
});

describe('clamped to shorter months', () => {
  it('month to date through the 30th or 31st compares with the whole of a shorter month', () => {
    expect(comparedPeriod(r('2026-03-01', '2026-03-30'), 'thisMonth')).toEqual(r('2026-02-01', '2026-02-28'));
    expect(comparedPeriod(r('2026-03-01', '2026-03-31'), 'thisMonth')).toEqual(r('2026-02-01', '2026-02-28'));
    expect(comparedPeriod(r('2028-03-01', '2028-03-31'), 'thisMonth')).toEqual(r('2028-02-01', '2028-02-29'));
    expect(comparedPeriod(r('2026-05-01', '2026-05-30'), 'thisMonth')).toEqual(r('2026-04-01', '2026-04-30'));
  });

  it('quarter to date: clamped days, whole months stay whole', () => {
    expect(comparedPeriod(r('2026-04-01', '2026-05-30'), 'thisQuarter')).toEqual(r('2026-01-01', '2026-02-28'));
    expect(comparedPeriod(r('2026-10-01', '2026-11-30'), 'thisQuarter')).toEqual(r('2026-07-01', '2026-08-31'));
    expect(comparedPeriod(r('2027-01-01', '2027-01-15'), 'thisQuarter')).toEqual(r('2026-10-01', '2026-10-15'));
  });
});

describe('leap years', () => {
  it('29 Feb 2028 as a day, in a month to date and as last year', () => {
    // On 1 Mar 2028 yesterday is 29 Feb: the day before is 28 Feb, a year ago 28 Feb 2027.
    expect(resolvePeriods({ preset: 'yesterday' }, '2028-03-01')).toEqual({
      range: r('2028-02-29', '2028-02-29'),
      compared: r('2028-02-28', '2028-02-28'),
    });
    expect(resolvePeriods({ preset: 'yesterday', compare: 'yearAgo' }, '2028-03-01').compared).toEqual(r('2027-02-28', '2027-02-28'));
    // 1-29 Mar 2028 compares with 1-29 Feb 2028: the 29th exists that year.
    expect(resolvePeriods({ preset: 'thisMonth' }, '2028-03-30').compared).toEqual(r('2028-02-01', '2028-02-29'));
    expect(resolvePeriods({ preset: 'thisMonth' }, '2027-03-30').compared).toEqual(r('2027-02-01', '2027-02-28'));
    // Today 29 Feb 2028: 1-28 Feb compares with 1-28 Jan.
    expect(resolvePeriods({ preset: 'thisMonth' }, '2028-02-29')).toEqual({
      range: r('2028-02-01', '2028-02-28'),
      compared: r('2028-01-01', '2028-01-28'),
    });
  });

  it('year to date through 29 Feb compares with 28 Feb of the year before, and back', () => {
    expect(resolvePeriods({ preset: 'yearToDate' }, '2028-03-01')).toEqual({
      range: r('2028-01-01', '2028-02-29'),
      compared: r('2027-01-01', '2027-02-28'),
    });
    expect(resolvePeriods({ preset: 'yearToDate' }, '2028-02-29')).toEqual({
      range: r('2028-01-01', '2028-02-28'),
      compared: r('2027-01-01', '2027-02-28'),
    });
    // Through the end of February 2029: the whole of February 2028, 29th included.
    expect(resolvePeriods({ preset: 'yearToDate' }, '2029-03-01').compared).toEqual(r('2028-01-01', '2028-02-29'));
  });
});

describe('both sides of midnight in the reporting time zone', () => {
  it('23:30 UTC on 30 Nov: still November in UTC, already December in Auckland', () => {
    const at = new Date('2026-11-30T23:30:00Z');
    expect(resolvePeriodsAt({ preset: 'thisMonth' }, 'UTC', at)).toEqual({
      today: '2026-11-30',
      range: r('2026-11-01', '2026-11-29'),
      compared: r('2026-10-01', '2026-10-29'),
    });
    expect(resolvePeriodsAt({ preset: 'thisMonth' }, 'Pacific/Auckland', at)).toEqual({
      today: '2026-12-01',
      range: r('2026-12-01', '2026-12-01'),
      compared: r('2026-11-01', '2026-11-01'),
    });
  });

  it('00:30 UTC on 1 Dec: December in UTC, still November in Honolulu', () => {
    const at = new Date('2026-12-01T00:30:00Z');
    expect(resolvePeriodsAt({ preset: 'thisMonth' }, 'UTC', at).range).toEqual(r('2026-12-01', '2026-12-01'));
    expect(resolvePeriodsAt({ preset: 'thisMonth' }, 'Pacific/Honolulu', at)).toEqual({
      today: '2026-11-30',
      range: r('2026-11-01', '2026-11-29'),
      compared: r('2026-10-01', '2026-10-29'),
    });
  });

  it("a quarter and a year turn over at the zone's midnight", () => {
    const q = new Date('2026-09-30T23:30:00Z');
    expect(resolvePeriodsAt({ preset: 'thisQuarter' }, 'UTC', q)).toMatchObject({
      range: r('2026-07-01', '2026-09-29'),
      compared: r('2026-04-01', '2026-06-29'),
    });
    expect(resolvePeriodsAt({ preset: 'thisQuarter' }, 'Pacific/Auckland', q)).toMatchObject({
      range: r('2026-10-01', '2026-10-01'),
      compared: r('2026-07-01', '2026-07-01'),
    });
    const y = new Date('2026-12-31T12:30:00Z');
    expect(resolvePeriodsAt({ preset: 'yearToDate' }, 'Pacific/Kiritimati', y)).toMatchObject({
      today: '2027-01-01',
      compared: r('2026-01-01', '2026-01-01'),
    });
    expect(resolvePeriodsAt({ preset: 'yearToDate' }, 'Pacific/Honolulu', y)).toMatchObject({
      range: r('2026-01-01', '2026-12-30'),
      compared: r('2025-01-01', '2025-12-30'),
    });
  });
});

describe('changes of the totals', () => {
  const series = (first: string | null, revenue: number) => ({
    totalRows: first ? 1 : 0,
    rows: first ? [{ date: first }] : [],
    totals: { revenue },
  });

  it('a percentage when both periods are whole, the reason otherwise', () => {
    const range = r('2026-11-01', '2026-11-27');
    const compared = r('2026-10-01', '2026-10-27');
    const today = '2026-11-28';
    expect(totalsChanges(['revenue'], range, compared, series('2026-11-01', 150), series('2026-10-01', 100), today)?.revenue).toEqual({
      kind: 'change',
      ratio: 0.5,
    });
    expect(totalsChanges(['revenue'], range, compared, series('2026-11-01', 150), series('2026-10-09', 100), today)?.revenue).toEqual({
      kind: 'partialData',
    });
    expect(totalsChanges(['revenue'], range, compared, series('2026-11-01', 150), series(null, 0), today)?.revenue).toEqual({
      kind: 'noData',
    });
    expect(
      totalsChanges(
        ['revenue'],
        r('2026-12-01', '2026-12-01'),
        r('2026-11-01', '2026-11-01'),
        series(null, 0),
        series('2026-11-01', 9),
        '2026-12-01',
      )?.revenue,
    ).toEqual({ kind: 'partialDay' });
  });
});
