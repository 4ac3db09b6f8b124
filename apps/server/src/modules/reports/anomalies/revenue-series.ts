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

const keyOf = (s: SeriesScope) => (s.site === null ? 'all' : s.productType === null ? `site:${s.site}` : `site:${s.site}:${s.productType}`);

/**
 * The publisher's total, each site and each site x product type as daily series. A day on which
 * the publisher has facts but a scope has none counts as zero for it (its revenue stopped); a
 * day without any fact is missing for every scope (not loaded yet), never a zero.
 */
export function revenueSeries(rows: readonly DailyRevenueRow[]): RevenueSeries[] {
  const loadedDays = [...new Set(rows.map((r) => r.date))].sort();
  const byScope = new Map<string, { scope: SeriesScope; byDay: Map<ReportDay, number> }>();
  const add = (scope: SeriesScope, day: ReportDay, revenue: number) => {
    const key = keyOf(scope);
    let entry = byScope.get(key);
    if (!entry) byScope.set(key, (entry = { scope, byDay: new Map() }));
    entry.byDay.set(day, (entry.byDay.get(day) ?? 0) + revenue);
  };
  for (const r of rows) {
    add({ site: null, productType: null }, r.date, r.revenue);
    add({ site: r.site, productType: null }, r.date, r.revenue);
    add({ site: r.site, productType: r.productType }, r.date, r.revenue);
  }
  return [...byScope.entries()].map(([key, { scope, byDay }]) => ({
    ...scope,
    key,
    points: loadedDays.map((date) => ({ date, value: byDay.get(date) ?? 0 })),
  }));
}
