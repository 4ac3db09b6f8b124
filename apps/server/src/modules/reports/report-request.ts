import { splitList as list, type DimensionKey, type MetricKey, type ReportCallQuery } from '@pc/contracts';
import type { ReportQuery } from './engine/report-engine';

/** Epoch ms at noon (the client's local noon) -> the calendar day it names. */
export function epochNoonToDate(ms: number): string {
  // Noon local time is within 12 h of noon UTC for every real time zone, so the UTC date is the day.
  return new Date(ms).toISOString().slice(0, 10);
}

export function toEngineQuery(q: ReportCallQuery, publisherId: string, limit?: number): ReportQuery {
  return {
    reportType: q.reportType,
    publisherId,
    dateFrom: epochNoonToDate(q.dateFrom),
    dateTo: epochNoonToDate(q.dateTo),
    dimensions: list(q.dimensions) as DimensionKey[],
    metrics: list(q.metrics) as MetricKey[],
    interval: q.interval,
    ...(q.sort ? { sort: { key: q.sort, dir: q.sortDir ?? 'desc' } } : {}),
    ...(limit !== undefined ? { limit } : {}),
  };
}
