import { z } from 'zod';
import { endpoint, OkSchema } from './endpoint';
import { CreateApiKeySchema, CreatedApiKeySchema, ReportingApiKeySchema } from './integrations';
import {
  WebhookDeliveryQueuedSchema,
  WebhookDeliverySchema,
  WebhookSubscriptionInputSchema,
  WebhookSubscriptionSchema,
  WebhookSubscriptionsSchema,
  WebhookWithSecretSchema,
} from './webhooks';

const tags = ['integrations'] as const;
const IdParams = z.object({ id: z.string().min(1).max(64) });
export const WebhookDeliveryParamsSchema = IdParams.extend({ deliveryId: z.string().min(1).max(64) });

/** A publisher's reporting API keys. */
export const apiKeysEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/integrations/api-keys',
    operationId: 'listApiKeys',
    summary: "The publisher's reporting API keys, revoked ones included",
    tags,
    access: 'publisher',
    response: z.array(ReportingApiKeySchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/integrations/api-keys',
    operationId: 'createApiKey',
    summary: 'Create a reporting API key; the secret is in this answer only',
    tags,
    access: 'publisher',
    body: CreateApiKeySchema,
    response: CreatedApiKeySchema,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/integrations/api-keys/:id',
    operationId: 'revokeApiKey',
    summary: 'Revoke a reporting API key: calls with it are refused from then on',
    tags,
    access: 'publisher',
    params: IdParams,
    response: ReportingApiKeySchema,
  }),
} as const;

/** A publisher's webhook subscriptions and their deliveries. */
export const webhooksEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/integrations/webhooks',
    operationId: 'listWebhooks',
    summary: "The publisher's webhook subscriptions",
    tags,
    access: 'publisher',
    response: WebhookSubscriptionsSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/integrations/webhooks',
    operationId: 'createWebhook',
    summary: 'Subscribe an address to events; the signing secret is in this answer only',
    tags,
    access: 'publisher',
    body: WebhookSubscriptionInputSchema,
    response: WebhookWithSecretSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/integrations/webhooks/:id',
    operationId: 'updateWebhook',
    summary: 'Change a webhook subscription: its name, address, format, events, or whether it is on',
    tags,
    access: 'publisher',
    params: IdParams,
    body: WebhookSubscriptionInputSchema,
    response: WebhookSubscriptionSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/integrations/webhooks/:id',
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook subscription',
    tags,
    access: 'publisher',
    params: IdParams,
    response: OkSchema,
  }),
  rotateSecret: endpoint({
    method: 'POST',
    path: '/api/integrations/webhooks/:id/rotate-secret',
    operationId: 'rotateWebhookSecret',
    summary: "Replace a webhook subscription's signing secret; the new one is in this answer only",
    tags,
    access: 'publisher',
    params: IdParams,
    response: WebhookWithSecretSchema,
  }),
  sendTest: endpoint({
    method: 'POST',
    path: '/api/integrations/webhooks/:id/test',
    operationId: 'sendWebhookTest',
    summary: 'Queue a test event to a webhook subscription',
    tags,
    access: 'publisher',
    params: IdParams,
    response: WebhookDeliveryQueuedSchema,
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/api/integrations/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: "A webhook subscription's recent deliveries with their attempts",
    tags,
    access: 'publisher',
    params: IdParams,
    response: z.array(WebhookDeliverySchema),
  }),
  redeliver: endpoint({
    method: 'POST',
    path: '/api/integrations/webhooks/:id/deliveries/:deliveryId/redeliver',
    operationId: 'redeliverWebhookEvent',
    summary: 'Send a logged event again: the same message, with the current address and secret',
    tags,
    access: 'publisher',
    params: WebhookDeliveryParamsSchema,
    response: WebhookDeliveryQueuedSchema,
  }),
} as const;
