import { Routes, type DatePresetKey, type Interval, type MetricKey, type ReportType } from '@pc/contracts';

/**
 * The report pages keep their builder state in the query string; these are its parameter names
 * and the date presets, shared so other pages (home) can link into a report with a preset chosen.
 */
// The presets themselves are shared with the server (report schedules): @pc/contracts.
export { DATE_PRESETS, type DatePresetKey } from '@pc/contracts';

export const ReportParams = {
  tab: 'tab',
  preset: 'preset',
  from: 'from',
  to: 'to',
  dimensions: 'dims',
  metrics: 'metrics',
  interval: 'interval',
  sort: 'sort',
  sortDir: 'dir',
  chartMetric: 'chart',
  /** JSON list of filters (the report call's `filters`). */
  filters: 'f',
  /** Comparison: previous | yearAgo | custom, with cfrom/cto for custom. */
  compare: 'cmp',
  compareFrom: 'cfrom',
  compareTo: 'cto',
} as const;

export type ReportTab = 'tab_0' | 'tab_1';

export interface ReportLinkOptions {
  tab?: ReportTab;
  preset?: DatePresetKey;
  interval?: Interval;
  /** The metric the chart opens on. */
  chartMetric?: MetricKey;
}

export const REPORT_ROUTES: Record<ReportType, string> = { revenue: Routes.revenueSummary, recirculation: Routes.recirculationSummary };

/** `/partners/inventory-performance/revenue-summary?preset=yesterday&chart=revenue` */
export function reportLink(type: ReportType, opts: ReportLinkOptions = {}): string {
  const p = new URLSearchParams();
  if (opts.tab) p.set(ReportParams.tab, opts.tab);
  if (opts.preset) p.set(ReportParams.preset, opts.preset);
  if (opts.interval) p.set(ReportParams.interval, opts.interval);
  if (opts.chartMetric) p.set(ReportParams.chartMetric, opts.chartMetric);
  const qs = p.toString();
  return qs ? `${REPORT_ROUTES[type]}?${qs}` : REPORT_ROUTES[type];
}
