import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OutboxService } from './outbox.service';
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
export async function outboxRoutes(app: FastifyInstance, opts: { outbox: OutboxService }) {
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
    async (req) => opts.outbox.latest(req.query),
  );
}
