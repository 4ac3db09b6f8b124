import { shiftDays, type ReportDay } from '@pc/contracts';
import type { ReportQuery, ReportResult } from '../engine/report-engine';
import type { DayValue } from './revenue-anomalies';

/** Days read per scan: the judged day's spread needs 56 days of residuals, each against 8 weeks before it. */
export const SCAN_WINDOW_DAYS = 120;
/** Site x product type x day rows read at most (the engine's own ceiling). */
const ROWS_READ = 100_000;

/** What a series is of: everything, one site, or one product type of one site. */
export interface SeriesScope {
  /** The site as the report names it (its name, or its id when it has none); null for all sites. */
  site: string | null;
  productType: string | null;
}

export interface RevenueSeries extends SeriesScope {
  /** Stable while the scope exists: part of the incident's key. */
  key: string;
  points: DayValue[];
}

export interface DailyRevenueRow {
  date: ReportDay;
  site: string;
  productType: string;
  revenue: number;
}

/** The engine query of a scan: revenue by day, site and product type over the window ending on `day`. */
export function scanQuery(publisherId: string, day: ReportDay): ReportQuery {
  return {
    reportType: 'revenue',
    publisherId,
    dateFrom: shiftDays(day, -(SCAN_WINDOW_DAYS - 1)),
    dateTo: day,
    dimensions: ['sites', 'product_type'],
    metrics: ['revenue'],
    interval: 'Day',
    limit: ROWS_READ,
  };
}

export function dailyRows(result: ReportResult): DailyRevenueRow[] {
  return result.rows.map((r) => ({
    date: String(r.date),
    site: String(r.sites ?? '(not set)'),
    productType: String(r.product_type ?? '(not set)'),
    revenue: typeof r.revenue === 'number' && Number.isFinite(r.revenue) ? r.revenue : 0,
  }));
}

/**
 * The publisher's total, each site and each site x product type as daily series. A day on which
 * the publisher has facts but a scope has none counts as zero for it (its revenue stopped); a
 * day without any fact is missing for every scope (not loaded yet), never a zero.
 */
export function revenueSeries(rows: readonly DailyRevenueRow[]): RevenueSeries[] {
  const loadedDays = [...new Set(rows.map((r) => r.date))].sort();
  const position = new Map(loadedDays.map((day, i) => [day, i]));
  const byScope = new Map<string, { scope: SeriesScope; values: Float64Array }>();
  const add = (key: string, site: string | null, productType: string | null, at: number, revenue: number) => {
    let entry = byScope.get(key);
    if (!entry) byScope.set(key, (entry = { scope: { site, productType }, values: new Float64Array(loadedDays.length) }));
    entry.values[at] = entry.values[at]! + revenue;
  };
  for (const r of rows) {
    const at = position.get(r.date)!;
    add('all', null, null, at, r.revenue);
    add(`site:${r.site}`, r.site, null, at, r.revenue);
    add(`site:${r.site}:${r.productType}`, r.site, r.productType, at, r.revenue);
  }
  return [...byScope.entries()].map(([key, { scope, values }]) => ({
    ...scope,
    key,
    points: loadedDays.map((date, i) => ({ date, value: values[i]! })),
  }));
}
