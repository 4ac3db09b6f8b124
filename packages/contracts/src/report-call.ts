import { z } from 'zod';
import { EpochDayField } from './fields';
import { INTERVALS, REPORT_DEFINITIONS, REPORT_TYPES } from './report-catalog';
import { parseFilterParam, unknownFilterDimension } from './report-filters';
import { COMPARISON_MODES } from './report-periods';
import { DATE_PRESETS } from './report-presets';

/** Longest range one report may cover: the 13 months of facts we keep, plus slack. */
export const MAX_RANGE_DAYS = 400;
const DAY_MS = 86_400_000;

export const splitList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The report call's query string (docs/product.md#api-client): dates as epoch ms at noon, dimensions and
 * metrics comma-joined, plus the export/e-mail/download variants.
 */
export const ReportCallQuerySchema = z
  .object({
    reportType: z.enum(REPORT_TYPES, { error: 'Choose a report type: revenue or recirculation.' }),
    publisherId: z.string().min(1, 'A publisher is required.'),
    dateFrom: EpochDayField('Choose a start date.'),
    dateTo: EpochDayField('Choose an end date.'),
    dimensions: z.string().max(500).optional(),
    metrics: z.string().max(500).optional(),
    interval: z.enum(INTERVALS, { error: 'Choose an interval: Day, Month or Cumulative.' }),
    sort: z.string().max(50).optional(),
    /** JSON list of {dimension, mode: include|exclude, values} (report-filters.ts). */
    filters: z.string().max(8000).optional(),
    sortDir: z.enum(['asc', 'desc']).optional(),
    format: z.enum(['csv', 'xlsx']).optional(),
    exportReportToFile: z.enum(['true', 'false']).optional(),
    emailReportOutput: z.enum(['true', 'false']).optional(),
    reportId: z.string().uuid('Unknown report.').optional(),
    /**
     * With `compare`, the answer carries the comparison (report-calendar.ts): the preset the range
     * stands for (a "to date" preset compares with the same days of the previous period), and the
     * compared days for compare = custom.
     */
    preset: z.enum(DATE_PRESETS, { error: 'Choose a date preset of the report page.' }).optional(),
    compare: z.enum(COMPARISON_MODES, { error: 'Compare with previous, yearAgo or custom.' }).optional(),
    compareFrom: EpochDayField('Choose a start date for the comparison.').optional(),
    compareTo: EpochDayField('Choose an end date for the comparison.').optional(),
  })
  .superRefine((q, ctx) => {
    comparisonIssues(q, ctx);
    const def = REPORT_DEFINITIONS[q.reportType];
    const dims = splitList(q.dimensions);
    const metrics = splitList(q.metrics);
    const badDim = dims.find((d) => !(def.dimensions as readonly string[]).includes(d));
    if (badDim)
      ctx.addIssue({ code: 'custom', path: ['dimensions'], message: `Unknown dimension for a ${q.reportType} report: ${badDim}` });
    if (new Set(dims).size !== dims.length) ctx.addIssue({ code: 'custom', path: ['dimensions'], message: 'A dimension is listed twice.' });
    if (dims.length > 3) ctx.addIssue({ code: 'custom', path: ['dimensions'], message: 'Choose at most three dimensions.' });
    if (metrics.length === 0) ctx.addIssue({ code: 'custom', path: ['metrics'], message: 'Choose at least one metric.' });
    const badMetric = metrics.find((m) => !(def.metrics as readonly string[]).includes(m));
    if (badMetric)
      ctx.addIssue({ code: 'custom', path: ['metrics'], message: `Unknown metric for a ${q.reportType} report: ${badMetric}` });
    if (q.dateFrom > q.dateTo) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'The end date is before the start date.' });
    else if ((q.dateTo - q.dateFrom) / DAY_MS > MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: `Choose a range of at most ${MAX_RANGE_DAYS} days.` });
    const filters = parseFilterParam(q.filters);
    if ('error' in filters) ctx.addIssue({ code: 'custom', path: ['filters'], message: filters.error });
    else {
      const badFilter = unknownFilterDimension(q.reportType, filters.filters);
      if (badFilter)
        ctx.addIssue({
          code: 'custom',
          path: ['filters'],
          message: `Unknown dimension to filter a ${q.reportType} report by: ${badFilter}`,
        });
    }
    if (q.sort && ![...dims, ...metrics, 'date', 'month'].includes(q.sort))
      ctx.addIssue({ code: 'custom', path: ['sort'], message: 'Sort by a column of the report.' });
  });
export type ReportCallQuery = z.infer<typeof ReportCallQuerySchema>;

function comparisonIssues(
  q: { compare?: string | undefined; compareFrom?: number | undefined; compareTo?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (q.compare !== 'custom') return;
  if (q.compareFrom === undefined)
    ctx.addIssue({ code: 'custom', path: ['compareFrom'], message: 'A custom comparison needs a start date.' });
  if (q.compareTo === undefined) ctx.addIssue({ code: 'custom', path: ['compareTo'], message: 'A custom comparison needs an end date.' });
  if (q.compareFrom === undefined || q.compareTo === undefined) return;
  if (q.compareFrom > q.compareTo) ctx.addIssue({ code: 'custom', path: ['compareTo'], message: 'The comparison ends before it starts.' });
  else if ((q.compareTo - q.compareFrom) / DAY_MS > MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['compareFrom'], message: `Choose a comparison of at most ${MAX_RANGE_DAYS} days.` });
}

/** A change against the comparison period, or why there is none (report-periods.ts periodChange). */
export const PeriodChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('change'), ratio: z.number() }),
  z.object({ kind: z.literal('noData') }),
  z.object({ kind: z.literal('partialData') }),
  z.object({ kind: z.literal('fromZero') }),
  z.object({ kind: z.literal('partialDay') }),
]);

/** The compared days, their totals and each metric's change (present when the call asked `compare`). */
export const ReportComparisonSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.record(z.string(), z.number().nullable()),
  changes: z.record(z.string(), PeriodChangeSchema),
});
export type ReportComparison = z.infer<typeof ReportComparisonSchema>;

const CellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** The report call's answer: at most rowLimit rows, totals over all rows, the publisher's currency. */
export const ReportResultSchema = z.object({
  columns: z.array(z.object({ key: z.string(), label: z.string(), kind: z.string() })),
  rows: z.array(z.record(z.string(), CellSchema)),
  totalRows: z.number(),
  totals: z.record(z.string(), z.number().nullable()),
  unavailableMetrics: z.record(z.string(), z.string()),
  estimatedFrom: z.string().optional(),
  currency: z.string(),
  rowLimit: z.number(),
  comparison: ReportComparisonSchema.optional(),
});
export type ReportResult = z.infer<typeof ReportResultSchema>;

export const ExportCreatedSchema = z.object({ reportId: z.string(), status: z.literal('queued'), delivery: z.enum(['file', 'email']) });
export type ExportCreated = z.infer<typeof ExportCreatedSchema>;

/** GET partner-center/home-summary: the home page's revenue figures. */
export const HomeSummarySchema = z.object({
  currency: z.string(),
  /** The reporting time zone whose calendar days the figures use, and today in it. */
  timeZone: z.string(),
  today: z.string(),
  yesterday: z.object({ date: z.string(), revenue: z.number(), eCpm: z.number().nullable(), impressions: z.number() }),
  monthToDate: z.object({
    from: z.string(),
    to: z.string(),
    revenue: z.number(),
    eCpm: z.number().nullable(),
    previous: z.object({ from: z.string(), to: z.string(), revenue: z.number() }),
    /** The revenue's change, exactly as the report's "This month" compared with the previous period shows it. */
    change: PeriodChangeSchema,
    /** change's ratio when it is a percentage, else null. */
    changeRatio: z.number().nullable(),
  }),
  last30Days: z.array(z.object({ date: z.string(), revenue: z.number(), estimated: z.boolean() })),
  estimatedFrom: z.string().nullable(),
});
export type HomeSummary = z.infer<typeof HomeSummarySchema>;
