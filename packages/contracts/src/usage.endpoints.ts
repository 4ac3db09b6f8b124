import { z } from 'zod';
import { endpoint } from './endpoint';
import { UsageExportQuerySchema, UsageQuerySchema, UsageReportSchema } from './usage';

const tags = ['admin'] as const;

/** Usage analytics: readable by all provider staff (the console's read-only subset includes it). */
export const usageEndpoints = {
  report: endpoint({
    method: 'GET',
    path: '/api/admin/usage',
    operationId: 'getUsageReport',
    summary: 'Active users, events and page views per day, event, page, partner and user type over a range of days',
    tags,
    access: 'staff',
    query: UsageQuerySchema,
    response: UsageReportSchema,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/admin/usage.csv',
    operationId: 'downloadUsageReport',
    summary: 'One table of the usage report as a CSV file',
    tags,
    access: 'staff',
    query: UsageExportQuerySchema,
    response: z.string(),
    produces: 'text/csv',
  }),
} as const;
