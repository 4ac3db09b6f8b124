import type { WebhookEventType } from '@pc/contracts';
import type { Db } from '../../db/pool';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { enqueueWebhook, type WebhookTarget } from '../../lib/webhooks';
import { entitlements } from '../feature-flags';
import { INTEGRATIONS_WEBHOOK_SOURCE, webhookSubscriptionsRepo } from './webhooks.repo';

export const WEBHOOKS_FLAG = 'integrations.webhooks';

/** Slack checks no signature: its preset posts unsigned `{ text }`. */
export const targetOf = (s: { url: string; format: 'json' | 'slack'; secret: string }): WebhookTarget => ({
  url: s.url,
  format: s.format,
  secret: s.format === 'slack' ? null : s.secret,
});

export interface ProductEvent {
  type: WebhookEventType;
  data: Record<string, unknown>;
  /** One human line (the Slack message). */
  summary: string;
}

/**
 * How product modules (incidents, ads.txt, payments, report exports) tell subscribers about an
 * event: one delivery per enabled subscription that chose it, when the publisher's plan has
 * webhooks. Pass the transaction of the change as `db`, so deliveries exist exactly when it commits.
 */
export type WebhookEventPublisher = (db: Db, publisherId: string, event: ProductEvent) => Promise<number>;

export function createWebhookEventPublisher(jobs: JobQueue): WebhookEventPublisher {
  return async (db, publisherId, event) => {
    const subs = await webhookSubscriptionsRepo(db).subscribedTo(publisherId, event.type);
    if (subs.length === 0 || !(await entitlements(db).allows(publisherId, WEBHOOKS_FLAG))) return 0;
    for (const s of subs)
      await enqueueWebhook(db, jobs, {
        publisherId,
        source: INTEGRATIONS_WEBHOOK_SOURCE,
        targetId: s.id,
        target: targetOf(s),
        event,
      });
    return subs.length;
  };
}
