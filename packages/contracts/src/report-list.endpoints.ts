import { z } from 'zod';
import { endpoint } from './endpoint';
import { ReportListItemSchema, ReportListQuerySchema } from './report-list';

/** The caller's exported reports for one publisher. */
export const reportListEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/partner-center/reports',
    operationId: 'listExportedReports',
    summary: "The caller's exported reports for one publisher, newest first",
    tags: ['reports'],
    access: 'signedIn',
    query: ReportListQuerySchema,
    response: z.array(ReportListItemSchema),
  }),
} as const;
