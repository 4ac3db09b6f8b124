import { describe, expect, it } from 'vitest';
import { priceAdsTxt, priceBlocking, priceDowntime, pricePageSpeed } from './pricing';

const fix = (label: string) => ({ label, href: `/fix/${label}` });

describe('revenue at risk: one cause at a time, on facts priced by hand', () => {
  it('ads.txt: missing lines put the programmatic revenue at risk, per day', () => {
    // 2,800.00 of Display/Native/Video over 28 days = 100.00 a day.
    const cause = priceAdsTxt({
      domain: { status: 'missing_lines', missingCount: 2, fix: fix('lines') },
      programmaticRevenue: 2800,
      revenueDays: 28,
    });
    expect(cause).toMatchObject({ status: 'priced', amountPerDay: 100, note: '2 required lines are missing.', fixes: [fix('lines')] });
    expect(
      priceAdsTxt({ domain: { status: 'error', missingCount: 0, fix: fix('lines') }, programmaticRevenue: 70, revenueDays: 7 })
        .amountPerDay,
    ).toBe(10);
    expect(
      priceAdsTxt({ domain: { status: 'authorized', missingCount: 0, fix: fix('x') }, programmaticRevenue: 70, revenueDays: 7 }).status,
    ).toBe('none');
    expect(priceAdsTxt({ domain: null, programmaticRevenue: 70, revenueDays: 7 })).toMatchObject({
      status: 'tooLittleData',
      amountPerDay: null,
    });
  });

  it('downtime: minutes down times the weekday’s revenue per minute', () => {
    // 2026-11-02 is a Monday. Mondays earned 2,880.00 over 2 days: 1,440.00 a day = 1.00 a minute.
    // 1,440 checks, 1,380 up: 60 of 1,440 checks failed = 60 minutes down -> 60.00 lost; over 28 days = 2.142857 -> 2.14.
    const revenueByWeekday = Array.from({ length: 7 }, () => ({ revenue: 0, days: 0 }));
    revenueByWeekday[1] = { revenue: 2880, days: 2 };
    const cause = priceDowntime({
      monitors: [fix('monitor')],
      days: [
        { day: '2026-11-02', checks: 1440, upChecks: 1380 },
        { day: '2026-11-03', checks: 1440, upChecks: 1440 },
      ],
      revenueByWeekday,
      revenueDays: 28,
    });
    expect(cause.status).toBe('priced');
    expect(cause.amountPerDay).toBe(2.14);
    expect(cause.inputs).toContainEqual({ label: 'Minutes down', value: 60, unit: 'minutes' });
    expect(cause.inputs).toContainEqual({ label: 'Revenue lost in those minutes', value: 60, unit: 'money' });
    expect(cause.fixes).toEqual([fix('monitor')]);
    expect(priceDowntime({ monitors: [], addMonitor: fix('new'), days: [], revenueByWeekday, revenueDays: 28 })).toMatchObject({
      status: 'tooLittleData',
      fixes: [fix('new')],
    });
    expect(
      priceDowntime({ monitors: [fix('m')], days: [{ day: '2026-11-02', checks: 100, upChecks: 50 }], revenueByWeekday, revenueDays: 28 })
        .status,
    ).toBe('tooLittleData');
  });

  it('page speed: the page RPM gap between good and slow days times the slow days’ page views', () => {
    // Slow: 10,000 views at 8.00 and 10,000 at 6.00 -> 20,000 views at 7.00. Good: 100,000 at 10.00.
    // (10.00 - 7.00) / 1000 x 20,000 = 60.00 over 30 days = 2.00 a day.
    const cause = pricePageSpeed({
      buckets: [
        { rating: 'good', pageViews: 100_000, pageRpm: 10 },
        { rating: 'needs-improvement', pageViews: 10_000, pageRpm: 8 },
        { rating: 'poor', pageViews: 10_000, pageRpm: 6 },
      ],
      days: 30,
      fix: fix('slowest'),
    });
    expect(cause).toMatchObject({ status: 'priced', amountPerDay: 2, fixes: [fix('slowest')] });
    expect(cause.inputs).toContainEqual({ label: 'Page RPM on slow days', value: 7, unit: 'rpm' });
    expect(pricePageSpeed({ buckets: [], days: 30, fix: fix('s') }).status).toBe('tooLittleData');
    const few = [
      { rating: 'good' as const, pageViews: 100_000, pageRpm: 10 },
      { rating: 'poor' as const, pageViews: 999, pageRpm: 6 },
    ];
    expect(pricePageSpeed({ buckets: few, days: 30, fix: fix('s') }).status).toBe('tooLittleData');
    expect(pricePageSpeed({ buckets: few.slice(0, 1), days: 30, fix: fix('s') }).status).toBe('none');
  });

  it('blocking: the revenue the active rules removed, from the impact figures, per day', () => {
    // 45.00 + 15.00 removed over the impact preview's 30 days = 2.00 a day; the keyword rule is not priced.
    const cause = priceBlocking({
      rules: [
        { fix: fix('brand'), removedRevenue: 45, reason: null },
        { fix: fix('domain'), removedRevenue: 15, reason: null },
        { fix: fix('keyword'), removedRevenue: null, reason: 'Keywords cannot be priced.' },
      ],
      days: 30,
    });
    expect(cause).toMatchObject({ status: 'priced', amountPerDay: 2, note: '1 more rule cannot be priced.' });
    expect(cause.fixes).toEqual([fix('brand'), fix('domain')]);
    expect(
      priceBlocking({ rules: [{ fix: fix('k'), removedRevenue: null, reason: 'Keywords cannot be priced.' }], days: 30 }),
    ).toMatchObject({
      status: 'tooLittleData',
      note: 'Keywords cannot be priced.',
    });
    expect(priceBlocking({ rules: [], days: 30 }).status).toBe('none');
  });
});
