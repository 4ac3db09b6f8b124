import { z } from 'zod';
import { DayField } from './fields';
import { INTERVALS, REPORT_DEFINITIONS, REPORT_TYPES } from './report-catalog';
import { ReportFiltersSchema, unknownFilterDimension } from './report-filters';
import { DATE_PRESETS } from './report-presets';
import { COMPARISON_MODES, isValidTimeZone } from './report-periods';

/** Saved and scheduled reports. */
const DaySchema = DayField('Use a YYYY-MM-DD date.');

/** What a saved report shows: the builder's state (the page's URL holds the same). */
export const SavedReportViewSchema = z.object({
  preset: z.enum(DATE_PRESETS),
  /** Only for the custom preset. */
  from: DaySchema.optional(),
  to: DaySchema.optional(),
  dimensions: z.array(z.string()).max(3, 'Choose at most three dimensions.'),
  metrics: z.array(z.string()).min(1, 'Choose at least one metric.'),
  interval: z.enum(INTERVALS),
  filters: ReportFiltersSchema,
  sort: z.object({ key: z.string().max(50), dir: z.enum(['asc', 'desc']) }).nullable(),
  /** What the totals and chart are compared with; views saved before it existed compare with the previous period. */
  compare: z.enum(COMPARISON_MODES).optional(),
  /** Only for compare = custom. */
  compareFrom: DaySchema.optional(),
  compareTo: DaySchema.optional(),
});
export type SavedReportView = z.infer<typeof SavedReportViewSchema>;

export const SavedReportInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the report a name.').max(100, 'Use at most 100 characters.'),
    reportType: z.enum(REPORT_TYPES),
    /** Shared: everyone on the publisher's team sees it; otherwise only its owner. */
    shared: z.boolean(),
    view: SavedReportViewSchema,
  })
  .superRefine((r, ctx) => {
    const def = REPORT_DEFINITIONS[r.reportType];
    const badDim = r.view.dimensions.find((d) => !(def.dimensions as readonly string[]).includes(d));
    if (badDim) ctx.addIssue({ code: 'custom', path: ['view'], message: `Unknown dimension for a ${r.reportType} report: ${badDim}` });
    const badMetric = r.view.metrics.find((m) => !(def.metrics as readonly string[]).includes(m));
    if (badMetric) ctx.addIssue({ code: 'custom', path: ['view'], message: `Unknown metric for a ${r.reportType} report: ${badMetric}` });
    const badFilter = unknownFilterDimension(r.reportType, r.view.filters);
    if (badFilter) ctx.addIssue({ code: 'custom', path: ['view'], message: `Unknown dimension to filter by: ${badFilter}` });
    if (r.view.preset === 'custom' && (!r.view.from || !r.view.to || r.view.from > r.view.to))
      ctx.addIssue({ code: 'custom', path: ['view'], message: 'A custom range needs a start and an end date.' });
    if (r.view.compare === 'custom' && (!r.view.compareFrom || !r.view.compareTo || r.view.compareFrom > r.view.compareTo))
      ctx.addIssue({ code: 'custom', path: ['view'], message: 'A custom comparison needs a start and an end date.' });
  });
export type SavedReportInput = z.infer<typeof SavedReportInputSchema>;

export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

export const ReportScheduleInputSchema = z.object({
  frequency: z.enum(SCHEDULE_FREQUENCIES, { error: 'Choose daily, weekly or monthly.' }),
  format: z.enum(['csv', 'xlsx']),
  paused: z.boolean(),
});
export type ReportScheduleInput = z.infer<typeof ReportScheduleInputSchema>;

export const ReportScheduleSchema = ReportScheduleInputSchema.extend({
  /** ISO instant of the next e-mail (06:00 in the reporting time zone). */
  nextRunAt: z.string(),
  timeZone: z.string(),
  lastRunAt: z.string().nullable(),
  /** queued | running | done | failed, of the last run's export. */
  lastStatus: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Why the product paused it (its owner lost the publisher or was disabled); null otherwise. */
  pausedReason: z.string().nullable().optional(),
});
export type ReportSchedule = z.infer<typeof ReportScheduleSchema>;

export const SavedReportSchema = z.object({
  id: z.string(),
  name: z.string(),
  reportType: z.enum(REPORT_TYPES),
  shared: z.boolean(),
  view: SavedReportViewSchema,
  /** The signed-in user owns it (only the owner edits, deletes and schedules). */
  mine: z.boolean(),
  ownerEmail: z.string(),
  updatedAt: z.string(),
  schedule: ReportScheduleSchema.nullable(),
});
export type SavedReport = z.infer<typeof SavedReportSchema>;

export const ReportSettingsSchema = z.object({
  timeZone: z.string().refine(isValidTimeZone, 'Choose a time zone from the list (an IANA name such as Europe/Berlin).'),
});
export type ReportSettings = z.infer<typeof ReportSettingsSchema>;
