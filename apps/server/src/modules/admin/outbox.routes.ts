import type { FastifyInstance } from 'fastify';
import { outboxEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { OutboxService } from './outbox.service';

/** The e-mail outbox, readable by provider admins (the delivery record without SMTP). */
export async function outboxRoutes(app: FastifyInstance, opts: { outbox: OutboxService }) {
  registerEndpoints(app, outboxEndpoints, { list: (req) => opts.outbox.latest(req.query) });
}
