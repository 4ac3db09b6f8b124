import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AuditEntrySchema, AuditQuerySchema, type AuditEntry } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { errorResponses, typed } from '../../http/typed';
import { neutraliseText, quoteCsvField } from '../reports/export/csv-writer';
import { auditLogRepo } from './audit-log.repo';

const tags = ['admin'];

async function search(db: Db, q: z.infer<typeof AuditQuerySchema>): Promise<AuditEntry[]> {
  return (await auditLogRepo(db).search(q)).map((r) => ({
    id: Number(r.id),
    at: r.created_at.toISOString(),
    actor: r.email ?? null,
    publisherId: r.publisher_id,
    action: r.action,
    details: r.details,
  }));
}

const cell = (v: string) => quoteCsvField(neutraliseText(v));

/** The audit log for provider admins: filter, read each change's before/after, export CSV. */
export async function auditLogRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = typed(app);
  r.get(
    '/api/admin/audit',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: AuditQuerySchema, response: { 200: z.array(AuditEntrySchema), ...errorResponses } },
    },
    async (req) => search(opts.db, req.query),
  );
  r.get(
    '/api/admin/audit.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        querystring: AuditQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(10_000).default(10_000) }),
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (req, reply) => {
      const rows = await search(opts.db, req.query);
      const lines = ['time,actor,partner,action,details'];
      for (const e of rows)
        lines.push(
          [e.at, e.actor ?? '', e.publisherId ?? '', e.action, e.details == null ? '' : JSON.stringify(e.details)].map(cell).join(','),
        );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );
}
