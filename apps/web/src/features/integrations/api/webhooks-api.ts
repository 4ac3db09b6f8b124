import { webhooksEndpoints as endpoints, type WebhookSubscriptionInput } from '@pc/contracts';
import { call, useEndpoint } from '../../../lib/endpoints';

export const useWebhooks = (publisherId: string) => useEndpoint(endpoints.list, publisherId, {});
/** The delivery log; polls while a delivery is still pending so a test event shows its answer. */
export const useWebhookDeliveries = (publisherId: string, id: string | null) =>
  useEndpoint(endpoints.deliveries, publisherId, id ? { params: { id } } : null, {
    refreshInterval: (data) => (data?.some((d) => d.status === 'pending') ? 1500 : 0),
  });

export const createWebhook = (publisherId: string, body: WebhookSubscriptionInput) => call(endpoints.create, { body }, { publisherId });
export const updateWebhook = (publisherId: string, id: string, body: WebhookSubscriptionInput) =>
  call(endpoints.update, { params: { id }, body }, { publisherId });
export const deleteWebhook = (publisherId: string, id: string) => call(endpoints.remove, { params: { id } }, { publisherId });
export const rotateWebhookSecret = (publisherId: string, id: string) => call(endpoints.rotateSecret, { params: { id } }, { publisherId });
export const sendTestEvent = (publisherId: string, id: string) => call(endpoints.sendTest, { params: { id } }, { publisherId });
export const redeliver = (publisherId: string, id: string, deliveryId: string) =>
  call(endpoints.redeliver, { params: { id, deliveryId } }, { publisherId });
