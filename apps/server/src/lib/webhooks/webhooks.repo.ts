import { sql } from 'kysely';
import type { Db } from '../../db/pool';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

/** SQL for the webhook delivery log (webhook_deliveries, webhook_delivery_attempts). */
export function webhookDeliveriesRepo(db: Db) {
  return {
    async insert(v: {
      publisherId: string;
      source: string;
      targetId: string | null;
      url: string;
      format: 'json' | 'slack';
      secret: string | null;
      event: string;
      body: string;
      maxAttempts: number;
      id: string;
      messageId: string;
    }): Promise<void> {
      await db
        .insertInto('webhook_deliveries')
        .values({
          id: v.id,
          publisher_id: v.publisherId,
          source: v.source,
          target_id: v.targetId,
          url: v.url,
          format: v.format,
          secret: v.secret,
          event: v.event,
          body: v.body,
          max_attempts: v.maxAttempts,
          message_id: v.messageId,
        })
        .execute();
    },
    get: (id: string) => db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst(),
    async recordAttempt(
      id: string,
      a: { attempt: number; statusCode: number | null; error: string | null; durationMs: number; status: DeliveryStatus },
    ): Promise<void> {
      await db
        .insertInto('webhook_delivery_attempts')
        .values({ delivery_id: id, attempt: a.attempt, status_code: a.statusCode, error: a.error, duration_ms: a.durationMs })
        // A job run again after a crash records its attempt once.
        .onConflict((oc) =>
          oc.columns(['delivery_id', 'attempt']).doUpdateSet({ status_code: a.statusCode, error: a.error, duration_ms: a.durationMs }),
        )
        .execute();
      await db
        .updateTable('webhook_deliveries')
        .set({
          status: a.status,
          attempts: a.attempt,
          last_status_code: a.statusCode,
          last_error: a.error,
          last_attempt_at: new Date(),
          delivered_at: a.status === 'delivered' ? new Date() : null,
        })
        .where('id', '=', id)
        .execute();
    },
    /** Latest deliveries of one target (or of a whole source for a publisher), newest first. */
    list(filter: { publisherId: string; source: string; targetId?: string; limit: number }) {
      let q = db
        .selectFrom('webhook_deliveries')
        .select([
          'id',
          'message_id',
          'source',
          'target_id',
          'url',
          'event',
          'status',
          'attempts',
          'max_attempts',
          'last_status_code',
          'last_error',
          'last_attempt_at',
          'delivered_at',
          'created_at',
        ])
        .where('publisher_id', '=', filter.publisherId)
        .where('source', '=', filter.source);
      if (filter.targetId !== undefined) q = q.where('target_id', '=', filter.targetId);
      return q.orderBy('created_at', 'desc').limit(filter.limit).execute();
    },
    attemptsOf: (deliveryIds: string[]) =>
      deliveryIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('webhook_delivery_attempts')
            .select(['delivery_id', 'attempt', 'at', 'status_code', 'error', 'duration_ms'])
            .where('delivery_id', 'in', deliveryIds)
            .orderBy('delivery_id')
            .orderBy('attempt', 'desc')
            .execute(),
    /** Stops retries of a target that was deleted; returns how many deliveries it stopped. */
    async cancelPending(source: string, targetId: string): Promise<number> {
      const r = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'cancelled', last_error: sql<string>`coalesce(last_error, 'The webhook was deleted.')` })
        .where('source', '=', source)
        .where('target_id', '=', targetId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
export type WebhookDeliveriesRepo = ReturnType<typeof webhookDeliveriesRepo>;
