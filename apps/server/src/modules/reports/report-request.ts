import {
  epochNoonToDay,
  parseFilterParam,
  splitList as list,
  type DimensionKey,
  type MetricKey,
  type ReportCallQuery,
} from '@pc/contracts';
import type { ReportQuery } from '../../report-engine/report-engine';

/**
 * Epoch ms at noon -> the calendar day it names. The wire's noon is UTC noon (dayToEpochNoon):
 * a browser's local noon cannot be read back, since local noon at UTC-10 and at UTC+14 of the next
 * day are the same instant.
 */
export function epochNoonToDate(ms: number): string {
  return epochNoonToDay(ms);
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
    // The schema already refused a bad list; parsed again here to get the typed value.
    filters: filtersOf(q.filters),
    ...(q.sort ? { sort: { key: q.sort, dir: q.sortDir ?? 'desc' } } : {}),
    ...(limit !== undefined ? { limit } : {}),
  };
}

function filtersOf(raw: string | undefined): NonNullable<ReportQuery['filters']> {
  const parsed = parseFilterParam(raw);
  return 'filters' in parsed ? parsed.filters : [];
}
