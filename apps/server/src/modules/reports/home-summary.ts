import { resolvePeriods, shiftDays, type ReportDayRange } from '@pc/contracts';
import type { ReportEngine, ReportQuery } from '../../report-engine/report-engine';
import { comparisonOf, comparisonQuery } from './period-comparison';

const cumulative = (publisherId: string, range: ReportDayRange): ReportQuery => ({
  reportType: 'revenue',
  publisherId,
  dateFrom: range.from,
  dateTo: range.to,
  dimensions: [],
  metrics: ['revenue', 'eCpm', 'impressions'],
  interval: 'Cumulative',
  limit: 0,
});

/**
 * The home page's figures: yesterday, month to date against the same days of last month, eCPM, and
 * 30 days of revenue. Each is an ordinary engine query, so the numbers match the reports exactly
 * (through the report cache when the service has one). Month to date is the reports' "This month"
 * preset compared with the previous period, resolved and compared by the shared calendar
 * (@pc/contracts report-calendar.ts), so the card and the report show the same percentage.
 */
export async function homeSummary(engine: Pick<ReportEngine, 'query'>, publisherId: string, today: string) {
  const yesterday = shiftDays(today, -1);
  const { range, compared } = resolvePeriods({ preset: 'thisMonth', compare: 'previous' }, today);
  const mtdQuery = cumulative(publisherId, range);
  const [y, mtd, prev, days] = await Promise.all([
    engine.query(cumulative(publisherId, { from: yesterday, to: yesterday })),
    engine.query(mtdQuery),
    engine.query(comparisonQuery(mtdQuery, compared)),
    engine.query({
      reportType: 'revenue',
      publisherId,
      dateFrom: shiftDays(yesterday, -29),
      dateTo: yesterday,
      dimensions: [],
      metrics: ['revenue'],
      interval: 'Day',
      limit: 31,
    }),
  ]);
  const change = comparisonOf(mtdQuery, mtd, compared, prev, today).changes.revenue ?? { kind: 'noData' as const };
  return {
    yesterday: { date: yesterday, revenue: y.totals.revenue ?? 0, eCpm: y.totals.eCpm ?? null, impressions: y.totals.impressions ?? 0 },
    monthToDate: {
      from: range.from,
      to: range.to,
      revenue: mtd.totals.revenue ?? 0,
      eCpm: mtd.totals.eCpm ?? null,
      previous: { from: compared.from, to: compared.to, revenue: prev.totals.revenue ?? 0 },
      change,
      changeRatio: change.kind === 'change' ? change.ratio : null,
    },
    last30Days: days.rows.map((r) => ({
      date: String(r.date),
      revenue: typeof r.revenue === 'number' ? r.revenue : 0,
      estimated: r.estimated === true,
    })),
    estimatedFrom: days.estimatedFrom ?? null,
  };
}
