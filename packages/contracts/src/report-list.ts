import { z } from 'zod';

import { REPORT_TYPES } from './report-catalog';

export const ReportTypeSchema = z.enum(REPORT_TYPES);

export const ReportListItemSchema = z.object({
  id: z.string(),
  type: ReportTypeSchema,
  isNew: z.boolean(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  format: z.enum(['csv', 'xlsx']),
  delivery: z.enum(['file', 'email']),
  created: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
});
export type ReportListItem = z.infer<typeof ReportListItemSchema>;
export const ReportListQuerySchema = z.object({ publisherId: z.string().min(1) });
