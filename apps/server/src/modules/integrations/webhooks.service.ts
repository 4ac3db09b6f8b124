import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookSubscription,
  type WebhookSubscriptionInput,
  type WebhookSubscriptions,
  type WebhookWithSecret,
} from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { createTargetCheck } from '../../lib/outbound/target-check';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { openWebhookSecret, WEBHOOK_SECRET_AAD, type SecretBox } from '../../lib/keys/secret-box';
import { enqueueWebhook, generateWebhookSecret, webhookDeliveriesRepo } from '../../lib/webhooks';
import { auditRepo } from '../audit';
import { entitlements } from '../feature-flags';
import { WEBHOOKS_FLAG, targetOf } from './webhook-events';
import { INTEGRATIONS_WEBHOOK_SOURCE, webhookSubscriptionsRepo, type SubscriptionRow } from './webhooks.repo';

const DELIVERY_LOG_SIZE = 50;
const UUID = /^[0-9a-f-]{36}$/i;

const toDto = (
  r: SubscriptionRow,
  secretPrefix: string,
  last?: { status: string; event: string; created_at: Date; last_status_code: number | null },
): WebhookSubscription => ({
  id: r.id,
  name: r.name,
  url: r.url,
  format: r.format,
  events: r.events as WebhookEventType[],
  enabled: r.enabled,
  secretPrefix,
  createdBy: r.created_by_email ?? null,
  createdAt: r.created_at.toISOString(),
  lastDelivery: last
    ? {
        status: last.status as WebhookDelivery['status'],
        event: last.event,
        at: last.created_at.toISOString(),
        statusCode: last.last_status_code,
      }
    : null,
});

export interface WebhooksCtx {
  uid: string;
  publisherId: string;
}

/**
 * Publishers' webhook subscriptions on /integrations. Plain https only, except hosts the operator
 * allow-listed for outbound calls (OUTBOUND_ALLOW_HOSTS: local receivers in tests and demos); the
 * guarded client still refuses private addresses at delivery time. Changes need the plan's
 * `integrations.webhooks` feature; every change is audited in its transaction.
 */
export function createWebhooksService(deps: { db: Db; jobs: JobQueue; allowHosts: string[]; secrets: SecretBox }) {
  const { db, jobs } = deps;
  // Signing secrets are stored sealed (lib/keys/secret-box.ts): a database reader cannot forge events.
  const seal = (secret: string) => deps.secrets.seal(secret, WEBHOOK_SECRET_AAD);
  const prefixOf = (r: SubscriptionRow) => openWebhookSecret(deps.secrets, r.secret).slice(0, 10);
  const allow = new Set(deps.allowHosts.map((h) => h.toLowerCase()));
  // The delivery client's own allowances (modules/integrations/index.ts): save time and delivery time agree.
  const checkTarget = createTargetCheck({ allowHosts: deps.allowHosts });

  async function checkUrl(url: string) {
    const u = new URL(url);
    if (u.protocol !== 'https:' && !allow.has(u.hostname.toLowerCase()))
      throw badRequest('The receiver must use https.', {
        url: 'Enter an https:// address: events are signed, not encrypted, over plain http.',
      });
    if (u.username || u.password)
      throw badRequest('Remove the user name and password from the address.', { url: 'Addresses with credentials are refused.' });
    const target = await checkTarget(url);
    if (target) throw badRequest('Check the highlighted fields.', { url: target });
  }

  async function requirePlan(trx: Db, publisherId: string) {
    await entitlements(trx).assertAllowed(publisherId, WEBHOOKS_FLAG, 'Webhooks are');
  }

  /** The subscription, locked, checked to belong to the caller's publisher. */
  async function owned(trx: Db, ctx: WebhooksCtx, id: string): Promise<SubscriptionRow> {
    if (!UUID.test(id)) throw notFound('No such webhook.');
    const locked = await webhookSubscriptionsRepo(trx).getForUpdate(id);
    if (!locked) throw notFound('No such webhook.');
    if (locked.publisher_id !== ctx.publisherId) throw forbidden('This webhook belongs to another publisher.');
    return (await webhookSubscriptionsRepo(trx).get(id))!;
  }

  async function dto(trx: Db, id: string) {
    const row = (await webhookSubscriptionsRepo(trx).get(id))!;
    const [last] = await webhookSubscriptionsRepo(trx).lastDeliveries([id]);
    return toDto(row, prefixOf(row), last);
  }

  const audit = (trx: Db, ctx: WebhooksCtx, action: string, details: Record<string, unknown>) =>
    auditRepo(trx).record({ actorUserId: ctx.uid, publisherId: ctx.publisherId, action, details });

  return {
    async list(publisherId: string): Promise<WebhookSubscriptions> {
      const repo = webhookSubscriptionsRepo(db);
      const rows = await repo.list(publisherId);
      const last = new Map((await repo.lastDeliveries(rows.map((r) => r.id))).map((d) => [d.target_id, d]));
      return {
        planAllows: await entitlements(db).allows(publisherId, WEBHOOKS_FLAG),
        subscriptions: rows.map((r) => toDto(r, prefixOf(r), last.get(r.id))),
      };
    },

    /** The signing secret is returned here and on rotation only. */
    async create(ctx: WebhooksCtx, input: WebhookSubscriptionInput): Promise<WebhookWithSecret> {
      await checkUrl(input.url);
      return inTransaction(db, async (trx) => {
        await requirePlan(trx, ctx.publisherId);
        const secret = generateWebhookSecret();
        const id = await webhookSubscriptionsRepo(trx).insert({
          ...input,
          events: [...new Set(input.events)],
          publisherId: ctx.publisherId,
          secret: seal(secret),
          by: ctx.uid,
        });
        await audit(trx, ctx, 'webhook.create', { id, name: input.name, url: input.url, format: input.format, events: input.events });
        return { subscription: await dto(trx, id), secret };
      });
    },

    async update(ctx: WebhooksCtx, id: string, input: WebhookSubscriptionInput): Promise<WebhookSubscription> {
      await checkUrl(input.url);
      return inTransaction(db, async (trx) => {
        await requirePlan(trx, ctx.publisherId);
        const before = await owned(trx, ctx, id);
        await webhookSubscriptionsRepo(trx).update(id, { ...input, events: [...new Set(input.events)] });
        await audit(trx, ctx, 'webhook.update', {
          id,
          before: { name: before.name, url: before.url, format: before.format, events: before.events, enabled: before.enabled },
          after: input,
        });
        return dto(trx, id);
      });
    },

    async remove(ctx: WebhooksCtx, id: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        const row = await owned(trx, ctx, id);
        await webhookSubscriptionsRepo(trx).softDelete(id);
        // Retries still queued would post to an address the publisher no longer wants.
        const cancelled = await webhookDeliveriesRepo(trx).cancelPending(INTEGRATIONS_WEBHOOK_SOURCE, id);
        await audit(trx, ctx, 'webhook.delete', { id, name: row.name, url: row.url, cancelledDeliveries: cancelled });
      });
    },

    async rotateSecret(ctx: WebhooksCtx, id: string): Promise<WebhookWithSecret> {
      return inTransaction(db, async (trx) => {
        await requirePlan(trx, ctx.publisherId);
        const row = await owned(trx, ctx, id);
        const secret = generateWebhookSecret();
        await webhookSubscriptionsRepo(trx).setSecret(id, seal(secret));
        await audit(trx, ctx, 'webhook.rotate_secret', { id, name: row.name });
        return { subscription: await dto(trx, id), secret };
      });
    },

    /** Queues a `webhook.test` event to this subscription only, enabled or not. */
    async sendTest(ctx: WebhooksCtx, id: string): Promise<{ deliveryId: string }> {
      return inTransaction(db, async (trx) => {
        await requirePlan(trx, ctx.publisherId);
        const row = await owned(trx, ctx, id);
        const deliveryId = await enqueueWebhook(trx, jobs, {
          publisherId: ctx.publisherId,
          source: INTEGRATIONS_WEBHOOK_SOURCE,
          targetId: id,
          target: targetOf(row),
          event: {
            type: WEBHOOK_TEST_EVENT,
            data: { subscriptionId: id, name: row.name },
            summary: `Test event for the webhook "${row.name}": it works.`,
          },
        });
        await audit(trx, ctx, 'webhook.test', { id, deliveryId });
        return { deliveryId };
      });
    },

    /**
     * Sends a logged event again as a new delivery row, with the subscription's current secret and
     * URL but the same message (`webhook-id`, envelope and bytes), so it is recognisably the same event.
     */
    async redeliver(ctx: WebhooksCtx, id: string, deliveryId: string): Promise<{ deliveryId: string }> {
      if (!UUID.test(deliveryId)) throw notFound('No such delivery.');
      return inTransaction(db, async (trx) => {
        await requirePlan(trx, ctx.publisherId);
        const row = await owned(trx, ctx, id);
        const d = await webhookDeliveriesRepo(trx).get(deliveryId);
        if (!d || d.source !== INTEGRATIONS_WEBHOOK_SOURCE || d.target_id !== id) throw notFound('No such delivery for this webhook.');
        const event = eventOf(d);
        const newId = await enqueueWebhook(trx, jobs, {
          publisherId: ctx.publisherId,
          source: INTEGRATIONS_WEBHOOK_SOURCE,
          targetId: id,
          target: targetOf(row),
          event: { ...event, type: d.event },
          // The same message: receivers that de-duplicate on webhook-id handle it once.
          redeliver: { messageId: d.message_id, format: d.format, body: d.body },
        });
        await audit(trx, ctx, 'webhook.redeliver', { id, deliveryId, newDeliveryId: newId });
        return { deliveryId: newId };
      });
    },

    async deliveries(ctx: WebhooksCtx, id: string): Promise<WebhookDelivery[]> {
      await inTransaction(db, (trx) => owned(trx, ctx, id));
      const repo = webhookDeliveriesRepo(db);
      const rows = await repo.list({
        publisherId: ctx.publisherId,
        source: INTEGRATIONS_WEBHOOK_SOURCE,
        targetId: id,
        limit: DELIVERY_LOG_SIZE,
      });
      const attempts = await repo.attemptsOf(rows.map((r) => r.id));
      const iso = (d: Date | null) => d?.toISOString() ?? null;
      return rows.map((r) => ({
        id: r.id,
        messageId: r.message_id,
        event: r.event,
        status: r.status,
        attempts: r.attempts,
        maxAttempts: r.max_attempts,
        lastStatusCode: r.last_status_code,
        lastError: r.last_error,
        lastAttemptAt: iso(r.last_attempt_at),
        deliveredAt: iso(r.delivered_at),
        createdAt: r.created_at.toISOString(),
        attemptLog: attempts
          .filter((a) => a.delivery_id === r.id)
          .map((a) => ({
            attempt: a.attempt,
            at: a.at.toISOString(),
            statusCode: a.status_code,
            error: a.error,
            durationMs: a.duration_ms,
          })),
      }));
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;

/** The event a logged body carried (JSON envelope or Slack `{ text }`). */
function eventOf(d: { format: string; body: string }): { data: Record<string, unknown>; summary: string } {
  try {
    const b = JSON.parse(d.body) as { data?: Record<string, unknown>; summary?: string; text?: string };
    return d.format === 'slack' ? { data: {}, summary: b.text ?? '' } : { data: b.data ?? {}, summary: b.summary ?? '' };
  } catch {
    return { data: {}, summary: '' };
  }
}
