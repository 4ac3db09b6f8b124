import type { ReportEngine } from './engine/report-engine';

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/**
 * The home page's figures: yesterday, month to date against the same days of last month, eCPM, and
 * 30 days of revenue. Each is an ordinary engine query, so the numbers match the reports exactly
 * (through the report cache when the service has one).
 */
export async function homeSummary(engine: Pick<ReportEngine, 'query'>, publisherId: string, today: string) {
  const yesterday = addDays(today, -1);
  const monthStart = `${yesterday.slice(0, 7)}-01`;
  const dayOfMonth = Number(yesterday.slice(8, 10));
  const prevMonthStart = iso(new Date(Date.UTC(Number(monthStart.slice(0, 4)), Number(monthStart.slice(5, 7)) - 2, 1)));
  // Same number of days last month, capped at that month's length (31 Mar -> 28/29 Feb).
  const prevMonthEnd = iso(
    new Date(
      Math.min(Date.parse(`${addDays(prevMonthStart, dayOfMonth - 1)}T00:00:00Z`), Date.parse(`${addDays(monthStart, -1)}T00:00:00Z`)),
    ),
  );
  const cumulative = (dateFrom: string, dateTo: string) =>
    engine.query({
      reportType: 'revenue',
      publisherId,
      dateFrom,
      dateTo,
      dimensions: [],
      metrics: ['revenue', 'eCpm', 'impressions'],
      interval: 'Cumulative',
      limit: 0,
    });
  const [y, mtd, prev, days] = await Promise.all([
    cumulative(yesterday, yesterday),
    cumulative(monthStart, yesterday),
    cumulative(prevMonthStart, prevMonthEnd),
    engine.query({
      reportType: 'revenue',
      publisherId,
      dateFrom: addDays(yesterday, -29),
      dateTo: yesterday,
      dimensions: [],
      metrics: ['revenue'],
      interval: 'Day',
      limit: 31,
    }),
  ]);
  const mtdRevenue = mtd.totals.revenue ?? 0;
  const prevRevenue = prev.totals.revenue ?? 0;
  return {
    yesterday: { date: yesterday, revenue: y.totals.revenue ?? 0, eCpm: y.totals.eCpm ?? null, impressions: y.totals.impressions ?? 0 },
    monthToDate: {
      from: monthStart,
      to: yesterday,
      revenue: mtdRevenue,
      eCpm: mtd.totals.eCpm ?? null,
      previous: { from: prevMonthStart, to: prevMonthEnd, revenue: prevRevenue },
      changeRatio: prevRevenue > 0 ? mtdRevenue / prevRevenue - 1 : null,
    },
    last30Days: days.rows.map((r) => ({
      date: String(r.date),
      revenue: typeof r.revenue === 'number' ? r.revenue : 0,
      estimated: r.estimated === true,
    })),
    estimatedFrom: days.estimatedFrom ?? null,
  };
}
