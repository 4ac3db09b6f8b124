import { describe, expect, it } from 'vitest';
import type { MonitorStats } from '@pc/contracts';
import { chartRows, last30Days, pointLabel } from './stats-series';

describe('stats series', () => {
  it('labels points by the range', () => {
    expect(pointLabel('2026-01-10T07:00:00.000Z', '24h')).toBe('07:00');
    expect(pointLabel('2026-01-10T07:00:00.000Z', '7d')).toBe('Jan 10 07:00');
    expect(pointLabel('2026-01-10T00:00:00.000Z', '30d')).toBe('Jan 10');
  });

  it('keeps 30 days with gaps for days without checks', () => {
    const now = Date.parse('2026-01-30T15:00:00Z');
    const days = last30Days(
      [
        { day: '2026-01-01', uptime: 100, checks: 10 },
        { day: '2026-01-30', uptime: 50, checks: 4 },
        { day: '2025-12-31', uptime: 0, checks: 1 },
      ],
      now,
    );
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2026-01-01', uptime: 100, checks: 10 });
    expect(days[1]).toEqual({ day: '2026-01-02', uptime: null, checks: 0 });
    expect(days[29]).toEqual({ day: '2026-01-30', uptime: 50, checks: 4 });
  });

  it('maps the series into chart rows', () => {
    const stats = {
      range: '24h',
      series: [{ at: '2026-01-10T07:00:00.000Z', avgMs: 120, uptime: 100, checks: 60 }],
    } as MonitorStats;
    expect(chartRows(stats)).toEqual([{ x: '07:00', avgMs: 120 }]);
  });
});
