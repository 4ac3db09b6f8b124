import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import { WEBHOOK_DELIVERY_QUEUE, webhookDeliveryHandler, type WebhookDeliveryPayload } from '../../lib/webhooks';
import { defineArea } from '../../platform/area';
import { apiKeysRoutes } from './api-keys.routes';
import { createApiKeysService } from './api-keys.service';
import { createWebhookEventPublisher } from './webhook-events';
import { webhooksRoutes } from './webhooks.routes';
import { createWebhooksService } from './webhooks.service';

export { apiKeysRepo } from './api-keys.repo';
export { seedDemoApiKeys } from './demo/seed-demo-api-keys';
export { seedDemoWebhooks } from './demo/seed-demo-webhooks';
export type { WebhookEventPublisher } from './webhook-events';

/**
 * API keys (the reporting API's `pck_…` bearers, checked by the platform's access control) and
 * outgoing webhooks: product areas publish their events through `publishWebhookEvent`.
 */
export const integrationsArea = defineArea({
  name: 'integrations',
  async setup({ config, db, jobs, logger, deps, pollMs, secretBox }) {
    const apiKeys = createApiKeysService(db);
    const webhooksFetch =
      deps.webhooksFetch ?? createGuardedFetch({ allowHosts: config.OUTBOUND_ALLOW_HOSTS, userAgent: 'PartnersCenter-Webhooks/1.0' });
    // One job per delivery, retried with backoff.
    const webhookDeliveries = jobs.work<WebhookDeliveryPayload>(
      WEBHOOK_DELIVERY_QUEUE,
      webhookDeliveryHandler({ db, fetch: webhooksFetch, log: logger, secrets: secretBox }),
      { pollMs, concurrency: 4, leaseMs: 60_000, retryBaseMs: config.WEBHOOK_RETRY_BASE_MS },
    );
    return {
      provides: { publishWebhookEvent: createWebhookEventPublisher(jobs), apiKeys: apiKeys.bearer() },
      workers: { webhookDeliveries },
      routes: async (app) => {
        await app.register(apiKeysRoutes, { keys: apiKeys });
        await app.register(webhooksRoutes, {
          webhooks: createWebhooksService({ db, jobs, allowHosts: config.OUTBOUND_ALLOW_HOSTS, secrets: secretBox }),
        });
      },
      close: async () => {
        if (!deps.webhooksFetch) await webhooksFetch.close();
      },
    };
  },
});
