import { z } from 'zod';

export const ReportTypeSchema = z.enum(['revenue', 'recirculation']);
export type ReportType = z.infer<typeof ReportTypeSchema>;

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
