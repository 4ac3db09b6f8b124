import { z } from 'zod';
import { endpoint } from './endpoint';
import { AuditEntrySchema, AuditQuerySchema } from './admin-users';

const tags = ['admin'] as const;

/** The audit log's CSV export takes up to 10,000 rows, where the on-screen list takes 1,000. */
export const AuditExportQuerySchema = AuditQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(10_000).default(10_000) });

/** The audit log for provider admins: filter, read each change's before/after, export CSV. */
export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    operationId: 'listAuditEntries',
    summary: 'Who changed what, for which partner and when, newest first, filtered by actor, partner, action and dates',
    tags,
    access: 'admin',
    query: AuditQuerySchema,
    response: z.array(AuditEntrySchema),
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/admin/audit.csv',
    operationId: 'downloadAuditLog',
    summary: 'The filtered audit log as a CSV file',
    tags,
    access: 'admin',
    query: AuditExportQuerySchema,
    response: z.string(),
    produces: 'text/csv',
  }),
} as const;
