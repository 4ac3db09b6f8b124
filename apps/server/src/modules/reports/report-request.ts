import { z } from 'zod';
import { REPORT_DEFINITIONS, INTERVALS, REPORT_TYPES, type DimensionKey, type MetricKey } from './report-catalog';
import type { ReportQuery } from './engine/report-engine';

/** Longest range one report may cover: the 13 months of facts we keep, plus slack. */
export const MAX_RANGE_DAYS = 400;
const DAY_MS = 86_400_000;

const list = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * The report call's query string (spec section 7): dates as epoch ms at noon, dimensions and
 * metrics comma-joined, plus the export/e-mail/download variants.
 */
export const ReportCallQuerySchema = z
  .object({
    reportType: z.enum(REPORT_TYPES, { error: 'Choose a report type: revenue or recirculation.' }),
    publisherId: z.string().min(1, 'A publisher is required.'),
    dateFrom: z.coerce.number({ error: 'Choose a start date.' }).int('Choose a start date.'),
    dateTo: z.coerce.number({ error: 'Choose an end date.' }).int('Choose an end date.'),
    dimensions: z.string().max(500).optional(),
    metrics: z.string().max(500).optional(),
    interval: z.enum(INTERVALS, { error: 'Choose an interval: Day, Month or Cumulative.' }),
    sort: z.string().max(50).optional(),
    sortDir: z.enum(['asc', 'desc']).optional(),
    format: z.enum(['csv', 'xlsx']).optional(),
    exportReportToFile: z.enum(['true', 'false']).optional(),
    emailReportOutput: z.enum(['true', 'false']).optional(),
    reportId: z.string().uuid('Unknown report.').optional(),
  })
  .superRefine((q, ctx) => {
    const def = REPORT_DEFINITIONS[q.reportType];
    const dims = list(q.dimensions);
    const metrics = list(q.metrics);
    const badDim = dims.find((d) => !(def.dimensions as readonly string[]).includes(d));
    if (badDim) ctx.addIssue({ code: 'custom', path: ['dimensions'], message: `Unknown dimension for a ${q.reportType} report: ${badDim}` });
    if (new Set(dims).size !== dims.length) ctx.addIssue({ code: 'custom', path: ['dimensions'], message: 'A dimension is listed twice.' });
    if (dims.length > 3) ctx.addIssue({ code: 'custom', path: ['dimensions'], message: 'Choose at most three dimensions.' });
    if (metrics.length === 0) ctx.addIssue({ code: 'custom', path: ['metrics'], message: 'Choose at least one metric.' });
    const badMetric = metrics.find((m) => !(def.metrics as readonly string[]).includes(m));
    if (badMetric) ctx.addIssue({ code: 'custom', path: ['metrics'], message: `Unknown metric for a ${q.reportType} report: ${badMetric}` });
    if (q.dateFrom > q.dateTo) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'The end date is before the start date.' });
    else if ((q.dateTo - q.dateFrom) / DAY_MS > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: `Choose a range of at most ${MAX_RANGE_DAYS} days.` });
    if (q.sort && ![...dims, ...metrics, 'date', 'month'].includes(q.sort)) ctx.addIssue({ code: 'custom', path: ['sort'], message: 'Sort by a column of the report.' });
  });
export type ReportCallQuery = z.infer<typeof ReportCallQuerySchema>;

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
