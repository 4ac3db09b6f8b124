import { describe, expect, it } from 'vitest';
import { nextRunAfter, zonedTime } from './schedule-time';

describe('schedule times in the reporting time zone', () => {
  it('06:00 local is the right instant east and west of UTC, DST included', () => {
    expect(zonedTime('2026-11-10', 6, 'UTC').toISOString()).toBe('2026-11-10T06:00:00.000Z');
    // Auckland is UTC+13 in November (daylight time): 06:00 there is 17:00 UTC the day before.
    expect(zonedTime('2026-11-10', 6, 'Pacific/Auckland').toISOString()).toBe('2026-11-09T17:00:00.000Z');
    expect(zonedTime('2026-11-10', 6, 'Pacific/Honolulu').toISOString()).toBe('2026-11-10T16:00:00.000Z');
    // Berlin switches to summer time on 2026-03-29 at 02:00: 06:00 that day is UTC+2.
    expect(zonedTime('2026-03-29', 6, 'Europe/Berlin').toISOString()).toBe('2026-03-29T04:00:00.000Z');
    expect(zonedTime('2026-03-28', 6, 'Europe/Berlin').toISOString()).toBe('2026-03-28T05:00:00.000Z');
  });

  it('daily, weekly (Mondays) and monthly (the 1st), strictly after the given instant', () => {
    const after = new Date('2026-11-18T10:00:00Z'); // a Wednesday
    expect(nextRunAfter('daily', after, 'UTC').toISOString()).toBe('2026-11-19T06:00:00.000Z');
    expect(nextRunAfter('daily', new Date('2026-11-18T05:59:00Z'), 'UTC').toISOString()).toBe('2026-11-18T06:00:00.000Z');
    expect(nextRunAfter('weekly', after, 'UTC').toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(nextRunAfter('monthly', after, 'UTC').toISOString()).toBe('2026-12-01T06:00:00.000Z');
    // In Auckland 10:00 UTC Wednesday is 23:00 Wednesday: the next daily send is 06:00 Thursday local.
    expect(nextRunAfter('daily', after, 'Pacific/Auckland').toISOString()).toBe('2026-11-18T17:00:00.000Z');
    // Sending exactly at the due time moves on to the next one.
    const due = nextRunAfter('daily', after, 'UTC');
    expect(nextRunAfter('daily', due, 'UTC').toISOString()).toBe('2026-11-20T06:00:00.000Z');
  });
});
