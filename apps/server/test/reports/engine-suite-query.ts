import { REVENUE_METRICS } from '@pc/contracts';
import type { ReportQuery } from '../../src/report-engine/report-engine';

/** The suite's query: publisher P1 over 2024-01-30..2024-02-01, every revenue metric, cumulative (figures in engine-suite.ts). */
export const base = (over: Partial<ReportQuery>): ReportQuery => ({
  reportType: 'revenue',
  publisherId: 'P1',
  dateFrom: '2024-01-30',
  dateTo: '2024-02-01',
  dimensions: [],
  metrics: [...REVENUE_METRICS],
  interval: 'Cumulative',
  ...over,
});
