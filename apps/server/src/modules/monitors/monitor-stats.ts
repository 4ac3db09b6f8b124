import type { MonitorRange, MonitorStats } from '@pc/contracts';
import type { MonitorsRepo, RollupRow } from './monitors.repo';
import { emptyHistogram, mergeHistograms, percentile } from './rollup-histogram';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Uptime in percent (two decimals) over rollup rows; null when nothing was checked. */
export function uptimeOf(rows: readonly RollupRow[]): number | null {
  let checks = 0;
  let up = 0;
  for (const r of rows) {
    checks += r.checks;
    up += r.up_checks;
  }
  return checks === 0 ? null : Math.round((up / checks) * 10_000) / 100;
}

const floorTo = (t: number, unit: number) => Math.floor(t / unit) * unit;

/**
 * Uptime for 24 h / 7 d / 30 d / 365 d, percentiles and the chart series, all from rollups
 * (hourly rows for up to 7 days, daily rows beyond): at most 365 + 168 rows per monitor,
 * never a scan of raw results.
 */
export async function statsOf(repo: MonitorsRepo, monitorId: string, range: MonitorRange, now = Date.now()): Promise<MonitorStats> {
  const hourStart = (hours: number) => new Date(floorTo(now - hours * HOUR_MS, HOUR_MS) + HOUR_MS);
  const dayStart = (days: number) => new Date(floorTo(now - days * DAY_MS, DAY_MS) + DAY_MS);
  const hourly = await repo.rollups([monitorId], 'hour', hourStart(7 * 24));
  const daily = await repo.rollups([monitorId], 'day', dayStart(365));
  const since = (rows: RollupRow[], from: Date) => rows.filter((r) => r.bucket >= from);
  const h24 = since(hourly, hourStart(24));
  const d30 = since(daily, dayStart(30));
  const inRange = range === '24h' ? h24 : range === '7d' ? hourly : range === '30d' ? d30 : daily;
  const histogram = inRange.reduce((acc, r) => mergeHistograms(acc, r.histogram), emptyHistogram());
  return {
    range,
    uptime: { h24: uptimeOf(h24), d7: uptimeOf(hourly), d30: uptimeOf(d30), d365: uptimeOf(daily) },
    p50Ms: percentile(histogram, 50),
    p95Ms: percentile(histogram, 95),
    p99Ms: percentile(histogram, 99),
    series: inRange.map((r) => ({
      at: r.bucket.toISOString(),
      avgMs: r.checks > 0 ? Math.round(Number(r.sum_ms) / r.checks) : null,
      uptime: uptimeOf([r]),
      checks: r.checks,
    })),
    daily: d30.map((r) => ({ day: r.bucket.toISOString().slice(0, 10), uptime: uptimeOf([r]), checks: r.checks })),
  };
}
