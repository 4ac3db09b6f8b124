import { BASE_PARTS } from './metric-values';
import type { ReportPlan } from './report-plan';

/**
 * Whether a report is expected to have few rows, so its page is read without window sums and its
 * totals are summed from the page (totalsOfWholePage): Cumulative with at most two dimensions, or
 * Month with none. Windows over every row are how one statement gives a page and the totals of
 * rows beyond it, but ClickHouse plans them at a cost that is most of a few-row report's time
 * (10 M-row bench, chDB: Cumulative / size 7.0 ms with them, 4.7 ms without; Month / none 10.9
 * and 6.1). A guess only: a page that turns out full has its totals read by a second statement.
 */
export function expectsFewRows(plan: ReportPlan): boolean {
  return (plan.timeColumn === null && plan.dimensions.length <= 2) || (plan.timeColumn === 'month' && plan.dimensions.length === 0);
}

/**
 * The totals row (`__n`, `__s_<part>`, `__fin`) of a page that holds every row of its report (fewer
 * rows than the limit): each part summed as ClickHouse's window sum would, NULLs left out and 0
 * when there are none. Float sums may differ from ClickHouse's in the last bits (another order),
 * far below a cent.
 */
export function totalsOfWholePage(plan: ReportPlan, rows: readonly Record<string, unknown>[]): Record<string, unknown> {
  const totals: Record<string, unknown> = { __n: rows.length, __fin: rows[0]?.__fin ?? null };
  for (const part of BASE_PARTS[plan.reportType]) {
    let sum = 0;
    for (const row of rows) {
      const value = row[`__p_${part}`];
      if (value !== null && value !== undefined) sum += Number(value);
    }
    totals[`__s_${part}`] = sum;
  }
  return totals;
}
