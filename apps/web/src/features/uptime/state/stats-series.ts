import type { MonitorRange, MonitorStats } from '@pc/contracts';
import { formatDayShort } from '../../../lib/format/number-format';

const DAY_MS = 86_400_000;

/** Axis label of a chart point: the hour for 24 h, day and hour for 7 d, the day beyond (UTC, as the buckets). */
export function pointLabel(at: string, range: MonitorRange): string {
  const d = new Date(at);
  const day = formatDayShort(at);
  const hour = `${String(d.getUTCHours()).padStart(2, '0')}:00`;
  if (range === '24h') return hour;
  if (range === '7d') return `${day} ${hour}`;
  return day;
}

/** The response-time chart's rows: one per rollup bucket (the API sends only buckets with checks). */
export function chartRows(stats: MonitorStats): Record<string, string | number | null>[] {
  return stats.series.map((p) => ({ x: pointLabel(p.at, stats.range), avgMs: p.avgMs }));
}

/**
 * The uptime bar's 30 days, oldest first, ending today (UTC): a day without checks is kept as a
 * gap (null) so the bar's width always means 30 days.
 */
export function last30Days(daily: MonitorStats['daily'], now = Date.now()): { day: string; uptime: number | null; checks: number }[] {
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const out = [];
  for (let i = 29; i >= 0; i--) {
    const day = new Date(today - i * DAY_MS).toISOString().slice(0, 10);
    const d = byDay.get(day);
    out.push({ day, uptime: d ? d.uptime : null, checks: d ? d.checks : 0 });
  }
  return out;
}
