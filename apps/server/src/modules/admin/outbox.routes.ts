import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/pool';
import { errorResponses, typed } from '../../http/typed';

const OutboxItemSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  created: z.string(),
});

/** The e-mail outbox, readable by provider admins (the delivery record without SMTP). */
export async function outboxRoutes(app: FastifyInstance, opts: { db: Db }) {
  typed(app).get(
    '/api/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(OutboxItemSchema), ...errorResponses },
      },
    },
    async (req) => {
      let q = opts.db
        .selectFrom('outbox')
        .select(['id', 'to_address', 'subject', 'text_body', 'status', 'created_at'])
        .orderBy('id', 'desc')
        .limit(req.query.limit);
      if (req.query.to) q = q.where(sql<string>`lower(to_address)`, '=', req.query.to.toLowerCase());
      const rows = await q.execute();
      return rows.map((r) => ({
        id: r.id,
        to: r.to_address,
        subject: r.subject,
        text: r.text_body,
        status: r.status,
        created: r.created_at.toISOString(),
      }));
    },
  );
}
