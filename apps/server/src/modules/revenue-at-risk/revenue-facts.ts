import { ADS_TXT_PRODUCT_TYPES, type ReportDayRange } from '@pc/contracts';
import type { ReportEngine, ReportQuery } from '../../report-engine/report-engine';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const PROGRAMMATIC = new Set<string>(ADS_TXT_PRODUCT_TYPES);

/** One site's revenue facts over the period, as the causes price them. */
export interface SiteRevenue {
  programmaticRevenue: number;
  /** Index 0 = Sunday: revenue summed over the period and how many such days had facts. */
  byWeekday: { revenue: number; days: number }[];
}

const siteQuery = (
  publisherId: string,
  siteId: string,
  range: ReportDayRange,
  q: Pick<ReportQuery, 'dimensions' | 'interval' | 'limit'>,
): ReportQuery => ({
  reportType: 'revenue',
  publisherId,
  dateFrom: range.from,
  dateTo: range.to,
  metrics: ['revenue'],
  filters: [{ dimension: 'sites', mode: 'include', values: [siteId] }],
  ...q,
});

/** Days of the period with revenue facts for the publisher: what a period total is divided by. */
export async function revenueDaysOf(engine: Pick<ReportEngine, 'query'>, publisherId: string, range: ReportDayRange): Promise<number> {
  const days = await engine.query({
    reportType: 'revenue',
    publisherId,
    dateFrom: range.from,
    dateTo: range.to,
    dimensions: [],
    metrics: ['revenue'],
    interval: 'Day',
    limit: 400,
  });
  return days.rows.filter((r) => r.revenue !== null && r.revenue !== undefined).length;
}

/** Ordinary report queries (the report's own totals), one site at a time by its id. */
export async function siteRevenueOf(
  engine: Pick<ReportEngine, 'query'>,
  publisherId: string,
  siteId: string,
  range: ReportDayRange,
): Promise<SiteRevenue> {
  const [byType, byDay] = await Promise.all([
    engine.query(siteQuery(publisherId, siteId, range, { dimensions: ['product_type'], interval: 'Cumulative', limit: 100 })),
    engine.query(siteQuery(publisherId, siteId, range, { dimensions: [], interval: 'Day', limit: 400 })),
  ]);
  const byWeekday = Array.from({ length: 7 }, () => ({ revenue: 0, days: 0 }));
  for (const r of byDay.rows) {
    const w = byWeekday[new Date(`${String(r.date)}T00:00:00Z`).getUTCDay()];
    if (!w) continue;
    w.revenue += num(r.revenue);
    w.days += 1;
  }
  return {
    programmaticRevenue: byType.rows.filter((r) => PROGRAMMATIC.has(String(r.product_type))).reduce((a, r) => a + num(r.revenue), 0),
    byWeekday,
  };
}
