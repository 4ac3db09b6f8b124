import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Db } from '../../db/pool';
import type { JobHandler, JobQueue } from '../jobs/job-queue';
import type { GuardedFetch } from '../outbound/guarded-fetch';
import { OutboundBlockedError } from '../outbound/outbound-errors';
import { openWebhookSecret, type SecretBox } from '../keys/secret-box';
import { signWebhook, WEBHOOK_HEADERS } from './webhook-signature';
import { webhookDeliveriesRepo } from './webhooks.repo';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';
export const DEFAULT_WEBHOOK_MAX_ATTEMPTS = 6;
/** A receiver's answer is not needed; only its status. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const TIMEOUT_MS = 10_000;

export interface WebhookDeliveryPayload {
  deliveryId: string;
}

/** Where to send: `json` is the signed JSON envelope; `slack` posts `{ text }` to an incoming-webhook URL. */
export interface WebhookTarget {
  url: string;
  format: 'json' | 'slack';
  /** The stored (sealed) "whsec_…" secret (generateWebhookSecret); null sends unsigned (Slack does not check signatures). */
  secret: string | null;
}

export interface WebhookEvent {
  /** e.g. "incident.opened", "monitor.down", "webhook.test". */
  type: string;
  data: Record<string, unknown>;
  /** One human line: the Slack message, and `summary` in the JSON envelope. */
  summary: string;
}

/**
 * Records a delivery and queues it. Pass the business write's transaction as `db` so the event is
 * sent exactly when that write commits. Returns the delivery id (the log row). The message id (the
 * `webhook-id` header and the envelope's `id`) is the same on every retry so receivers can
 * de-duplicate; a redelivery passes `redeliver` to send the same message again under a new
 * delivery row.
 */
export async function enqueueWebhook(
  db: Db,
  jobs: JobQueue,
  input: {
    publisherId: string;
    source: string;
    targetId: string | null;
    target: WebhookTarget;
    event: WebhookEvent;
    maxAttempts?: number;
    /** The logged delivery this one sends again: same message id and, when the format is unchanged, the same bytes. */
    redeliver?: { messageId: string; format: 'json' | 'slack'; body: string };
  },
): Promise<string> {
  const id = randomUUID();
  const messageId = input.redeliver?.messageId ?? id;
  const maxAttempts = input.maxAttempts ?? DEFAULT_WEBHOOK_MAX_ATTEMPTS;
  const body =
    input.redeliver && input.redeliver.format === input.target.format
      ? input.redeliver.body
      : input.target.format === 'slack'
        ? JSON.stringify({ text: input.event.summary })
        : JSON.stringify({
            id: messageId,
            type: input.event.type,
            createdAt: new Date().toISOString(),
            publisherId: input.publisherId,
            summary: input.event.summary,
            data: input.event.data,
          });
  await webhookDeliveriesRepo(db).insert({
    id,
    messageId,
    publisherId: input.publisherId,
    source: input.source,
    targetId: input.targetId,
    url: input.target.url,
    format: input.target.format,
    secret: input.target.secret,
    event: input.event.type,
    body,
    maxAttempts,
  });
  await jobs.enqueue<WebhookDeliveryPayload>(WEBHOOK_DELIVERY_QUEUE, { deliveryId: id }, { db, maxAttempts, dedupeKey: id });
  return id;
}

/**
 * The worker: one POST per attempt through the guarded client (private addresses refused, 10 s
 * limit, redirects not followed). A 2xx is delivered; anything else throws so the job queue retries
 * with exponential backoff, until the last attempt marks the delivery failed. A URL the guard
 * refuses fails at once: retrying cannot help.
 */
export function webhookDeliveryHandler(deps: {
  db: Db;
  fetch: GuardedFetch;
  log: Logger;
  secrets: SecretBox;
}): JobHandler<WebhookDeliveryPayload> {
  const repo = webhookDeliveriesRepo(deps.db);
  return async (job, signal) => {
    const d = await repo.get(job.payload.deliveryId);
    if (!d || d.status === 'delivered' || d.status === 'cancelled') return;
    const ts = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [WEBHOOK_HEADERS.id]: d.message_id,
      [WEBHOOK_HEADERS.timestamp]: String(ts),
      [WEBHOOK_HEADERS.event]: d.event,
    };
    if (d.secret) headers[WEBHOOK_HEADERS.signature] = signWebhook(openWebhookSecret(deps.secrets, d.secret), d.message_id, ts, d.body);
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let blocked = false;
    try {
      const res = await deps.fetch(d.url, {
        method: 'POST',
        headers,
        body: d.body,
        timeoutMs: TIMEOUT_MS,
        maxBodyBytes: MAX_RESPONSE_BYTES,
        signal,
      });
      statusCode = res.status;
      if (res.status < 200 || res.status > 299) error = `The receiver answered HTTP ${res.status}.`;
    } catch (err) {
      blocked = err instanceof OutboundBlockedError;
      error = err instanceof Error ? err.message : String(err);
    }
    const durationMs = Math.round(performance.now() - started);
    const last = blocked || job.attempts >= job.maxAttempts;
    const status = error === null ? 'delivered' : last ? 'failed' : 'pending';
    await repo.recordAttempt(d.id, { attempt: job.attempts, statusCode, error, durationMs, status });
    if (error !== null && !blocked) {
      deps.log.info({ deliveryId: d.id, attempt: job.attempts, final: last, err: error }, 'webhook delivery failed');
      throw new Error(error);
    }
  };
}
