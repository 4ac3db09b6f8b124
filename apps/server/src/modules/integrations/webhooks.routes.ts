import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  WebhookDeliveryQueuedSchema,
  WebhookDeliverySchema,
  WebhookSubscriptionInputSchema,
  WebhookSubscriptionSchema,
  WebhookSubscriptionsSchema,
  WebhookWithSecretSchema,
} from '@pc/contracts';
import { OkSchema, errorResponses, typed } from '../../http/typed';
import type { WebhooksService } from './webhooks.service';

const tags = ['integrations'];
const publisher = { access: 'publisher' as const };
const byId = z.object({ id: z.string().min(1).max(64) });

export async function webhooksRoutes(app: FastifyInstance, opts: { webhooks: WebhooksService }) {
  const r = typed(app);
  const w = opts.webhooks;
  const ctx = (req: { auth?: { uid: string } | null; publisherId?: string | null }) => ({
    uid: req.auth!.uid,
    publisherId: req.publisherId!,
  });
  r.get(
    '/api/integrations/webhooks',
    { config: publisher, schema: { tags, response: { 200: WebhookSubscriptionsSchema, ...errorResponses } } },
    async (req) => w.list(req.publisherId!),
  );
  r.post(
    '/api/integrations/webhooks',
    {
      config: publisher,
      schema: { tags, body: WebhookSubscriptionInputSchema, response: { 200: WebhookWithSecretSchema, ...errorResponses } },
    },
    async (req) => w.create(ctx(req), req.body),
  );
  r.put(
    '/api/integrations/webhooks/:id',
    {
      config: publisher,
      schema: { tags, params: byId, body: WebhookSubscriptionInputSchema, response: { 200: WebhookSubscriptionSchema, ...errorResponses } },
    },
    async (req) => w.update(ctx(req), req.params.id, req.body),
  );
  r.delete(
    '/api/integrations/webhooks/:id',
    { config: publisher, schema: { tags, params: byId, response: { 200: OkSchema, ...errorResponses } } },
    async (req) => {
      await w.remove(ctx(req), req.params.id);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/integrations/webhooks/:id/rotate-secret',
    { config: publisher, schema: { tags, params: byId, response: { 200: WebhookWithSecretSchema, ...errorResponses } } },
    async (req) => w.rotateSecret(ctx(req), req.params.id),
  );
  r.post(
    '/api/integrations/webhooks/:id/test',
    { config: publisher, schema: { tags, params: byId, response: { 200: WebhookDeliveryQueuedSchema, ...errorResponses } } },
    async (req) => w.sendTest(ctx(req), req.params.id),
  );
  r.get(
    '/api/integrations/webhooks/:id/deliveries',
    { config: publisher, schema: { tags, params: byId, response: { 200: z.array(WebhookDeliverySchema), ...errorResponses } } },
    async (req) => w.deliveries(ctx(req), req.params.id),
  );
  r.post(
    '/api/integrations/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: publisher,
      schema: {
        tags,
        params: byId.extend({ deliveryId: z.string().min(1).max(64) }),
        response: { 200: WebhookDeliveryQueuedSchema, ...errorResponses },
      },
    },
    async (req) => w.redeliver(ctx(req), req.params.id, req.params.deliveryId),
  );
}
