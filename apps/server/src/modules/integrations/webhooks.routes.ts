import type { FastifyInstance } from 'fastify';
import { webhooksEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { WebhooksService } from './webhooks.service';
import { scopedCtx as ctx } from '../../http/request-context';

export async function webhooksRoutes(app: FastifyInstance, opts: { webhooks: WebhooksService }) {
  const w = opts.webhooks;
  registerEndpoints(app, webhooksEndpoints, {
    list: (req) => w.list(req.publisherId!),
    create: (req) => w.create(ctx(req), req.body),
    update: (req) => w.update(ctx(req), req.params.id, req.body),
    remove: async (req) => {
      await w.remove(ctx(req), req.params.id);
      return { ok: true as const };
    },
    rotateSecret: (req) => w.rotateSecret(ctx(req), req.params.id),
    sendTest: (req) => w.sendTest(ctx(req), req.params.id),
    deliveries: (req) => w.deliveries(ctx(req), req.params.id),
    redeliver: (req) => w.redeliver(ctx(req), req.params.id, req.params.deliveryId),
  });
}
