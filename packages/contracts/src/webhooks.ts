import { z } from 'zod';

/**
 * Outgoing webhooks on /integrations: which product events a publisher can subscribe
 * to. `webhook.test` is sent only by the "Send test event" action.
 */
export const WEBHOOK_EVENT_TYPES = [
  'report.ready',
  'incident.opened',
  'incident.resolved',
  'adstxt.changed',
  'payment.paid',
  'monitor.down',
  'monitor.up',
  'monitor.certificate_expiring',
] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'report.ready': 'Report export ready',
  'incident.opened': 'Incident opened',
  'incident.resolved': 'Incident resolved',
  'adstxt.changed': 'ads.txt status changed',
  'payment.paid': 'Payment paid',
  'monitor.down': 'Uptime monitor down',
  'monitor.up': 'Uptime monitor up again',
  'monitor.certificate_expiring': 'TLS certificate about to expire',
};

/** `json`: the signed JSON envelope; `slack`: `{ text }` posted to a Slack incoming-webhook URL. */
export const WebhookFormatSchema = z.enum(['json', 'slack']);
export type WebhookFormat = z.infer<typeof WebhookFormatSchema>;

const webUrl = z
  .string()
  .trim()
  .max(2000, 'Use at most 2000 characters.')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'Enter the receiver address, starting with https://');

export const WebhookSubscriptionInputSchema = z.object({
  name: z.string().trim().min(1, 'Name the webhook (e.g. the system that receives it).').max(80, 'Use at most 80 characters.'),
  url: webUrl,
  format: WebhookFormatSchema,
  events: z.array(WebhookEventTypeSchema).min(1, 'Choose at least one event.').max(WEBHOOK_EVENT_TYPES.length),
  enabled: z.boolean(),
});
export type WebhookSubscriptionInput = z.infer<typeof WebhookSubscriptionInputSchema>;

export const WebhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed', 'cancelled']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

export const WebhookSubscriptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  format: WebhookFormatSchema,
  events: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  /** The first characters of the signing secret, to recognise it; the secret is shown once. */
  secretPrefix: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastDelivery: z
    .object({ status: WebhookDeliveryStatusSchema, event: z.string(), at: z.string(), statusCode: z.number().int().nullable() })
    .nullable(),
});
export type WebhookSubscription = z.infer<typeof WebhookSubscriptionSchema>;

export const WebhookSubscriptionsSchema = z.object({
  /** False when the publisher's plan lacks the `integrations.webhooks` feature: changes answer 403. */
  planAllows: z.boolean(),
  subscriptions: z.array(WebhookSubscriptionSchema),
});
export type WebhookSubscriptions = z.infer<typeof WebhookSubscriptionsSchema>;

/** A new or rotated secret, returned once. */
export const WebhookWithSecretSchema = z.object({ subscription: WebhookSubscriptionSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const WebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` receivers see: shared by a delivery, its retries and its redeliveries. */
  messageId: z.string(),
  event: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** The latest attempts, newest first. */
  attemptLog: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryQueuedSchema = z.object({ deliveryId: z.string() });
export type WebhookDeliveryQueued = z.infer<typeof WebhookDeliveryQueuedSchema>;
