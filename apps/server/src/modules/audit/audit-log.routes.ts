import type { FastifyInstance } from 'fastify';
import { auditEndpoints, type AuditEntry, type AuditQuery } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { registerEndpoints } from '../../http/endpoint-routes';
import { neutraliseText, quoteCsvField } from '../../lib/csv/csv-writer';
import { auditLogRepo } from './audit-log.repo';

async function search(db: Db, q: AuditQuery): Promise<AuditEntry[]> {
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
  registerEndpoints(app, auditEndpoints, {
    list: (req) => search(opts.db, req.query),
    exportCsv: async (req, reply) => {
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
  });
}
