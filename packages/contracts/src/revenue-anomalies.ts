import { z } from 'zod';
import { IncidentSchema, IncidentStatusSchema } from './incidents';

/** GET partner-center/revenue-anomalies: the revenue incidents the daily scan raised, newest first. */
export const RevenueAnomaliesQuerySchema = z.object({ status: IncidentStatusSchema.optional() });
export type RevenueAnomaliesQuery = z.infer<typeof RevenueAnomaliesQuerySchema>;

/** A revenue incident with its latest occurrence: the day judged and why it moved, in words. */
export const RevenueAnomalySchema = IncidentSchema.extend({
  /** The unusual day, YYYY-MM-DD (of the latest occurrence). */
  day: z.string().nullable(),
  /** That day's revenue and the usual revenue of the weekday, in the publisher's currency ("$8.00"). */
  revenue: z.string().nullable(),
  usualRevenue: z.string().nullable(),
  /** Against the usual revenue ("−68.0%"). */
  change: z.string().nullable(),
  /** "What changed against …": the report's explanation against the same weekday a week before. */
  explanation: z.string().nullable(),
});
export type RevenueAnomaly = z.infer<typeof RevenueAnomalySchema>;
