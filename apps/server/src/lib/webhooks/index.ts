export {
  WEBHOOK_DELIVERY_QUEUE,
  DEFAULT_WEBHOOK_MAX_ATTEMPTS,
  enqueueWebhook,
  webhookDeliveryHandler,
  type WebhookDeliveryPayload,
  type WebhookEvent,
  type WebhookTarget,
} from './webhook-delivery';
export { WEBHOOK_HEADERS, generateWebhookSecret, signWebhook, verifyWebhook } from './webhook-signature';
export { webhookDeliveriesRepo, type DeliveryStatus } from './webhooks.repo';
