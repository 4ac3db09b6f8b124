import useSWR from 'swr';
import type {
  WebhookDelivery,
  WebhookDeliveryQueued,
  WebhookSubscription,
  WebhookSubscriptionInput,
  WebhookSubscriptions,
  WebhookWithSecret,
} from '@pc/contracts';
import { api, apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';

const base = 'integrations/webhooks';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const useWebhooks = (publisherId: string) =>
  useSWR<WebhookSubscriptions, Error, ApiKey>([base, publisherId], apiFetcher, swrOptions);
/** The delivery log; polls while a delivery is still pending so a test event shows its answer. */
export const useWebhookDeliveries = (publisherId: string, id: string | null) =>
  useSWR<WebhookDelivery[], Error, ApiKey | null>(id ? [`${one(id)}/deliveries`, publisherId] : null, apiFetcher, {
    ...swrOptions,
    refreshInterval: (data) => (data?.some((d) => d.status === 'pending') ? 1500 : 0),
  });

export const createWebhook = (publisherId: string, body: WebhookSubscriptionInput) =>
  api<WebhookWithSecret>(base, { method: 'POST', publisherId, body });
export const updateWebhook = (publisherId: string, id: string, body: WebhookSubscriptionInput) =>
  api<WebhookSubscription>(one(id), { method: 'PUT', publisherId, body });
export const deleteWebhook = (publisherId: string, id: string) => api<{ ok: true }>(one(id), { method: 'DELETE', publisherId });
export const rotateWebhookSecret = (publisherId: string, id: string) =>
  api<WebhookWithSecret>(`${one(id)}/rotate-secret`, { method: 'POST', publisherId });
export const sendTestEvent = (publisherId: string, id: string) =>
  api<WebhookDeliveryQueued>(`${one(id)}/test`, { method: 'POST', publisherId });
export const redeliver = (publisherId: string, id: string, deliveryId: string) =>
  api<WebhookDeliveryQueued>(`${one(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, { method: 'POST', publisherId });
