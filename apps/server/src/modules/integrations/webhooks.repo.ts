import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/** Deliveries of subscriptions are logged in lib/webhooks under this source. */
export const INTEGRATIONS_WEBHOOK_SOURCE = 'integrations';

/** SQL for publishers' webhook subscriptions (webhook_subscriptions); deleted rows are kept, hidden. */
export function webhookSubscriptionsRepo(db: Db) {
  const live = () =>
    db
      .selectFrom('webhook_subscriptions as s')
      .leftJoin('users as u', 'u.id', 's.created_by')
      .select([
        's.id',
        's.publisher_id',
        's.name',
        's.url',
        's.format',
        's.events',
        's.secret',
        's.enabled',
        's.created_at',
        'u.email as created_by_email',
      ])
      .where('s.deleted_at', 'is', null);
  return {
    list: (publisherId: string) => live().where('s.publisher_id', '=', publisherId).orderBy('s.created_at', 'desc').execute(),
    get: (id: string) => live().where('s.id', '=', id).executeTakeFirst(),
    /** Locks the row so an edit, a rotation and a delete of one subscription happen one at a time. */
    getForUpdate: (id: string) =>
      db
        .selectFrom('webhook_subscriptions')
        .select(['id', 'publisher_id'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst(),
    /** The enabled subscriptions of a publisher that asked for this event. */
    subscribedTo: (publisherId: string, event: string) =>
      db
        .selectFrom('webhook_subscriptions')
        .select(['id', 'url', 'format', 'secret'])
        .where('publisher_id', '=', publisherId)
        .where('deleted_at', 'is', null)
        .where('enabled', '=', true)
        .where(sql<boolean>`${event} = ANY(events)`)
        .orderBy('created_at')
        .execute(),
    async insert(v: {
      publisherId: string;
      name: string;
      url: string;
      format: 'json' | 'slack';
      events: string[];
      enabled: boolean;
      secret: string;
      by: string;
    }): Promise<string> {
      const r = await db
        .insertInto('webhook_subscriptions')
        .values({
          publisher_id: v.publisherId,
          name: v.name,
          url: v.url,
          format: v.format,
          events: v.events,
          enabled: v.enabled,
          secret: v.secret,
          created_by: v.by,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async update(id: string, v: { name: string; url: string; format: 'json' | 'slack'; events: string[]; enabled: boolean }) {
      await db
        .updateTable('webhook_subscriptions')
        .set({ ...v, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },
    async setSecret(id: string, secret: string) {
      await db
        .updateTable('webhook_subscriptions')
        .set({ secret, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },
    async softDelete(id: string) {
      await db
        .updateTable('webhook_subscriptions')
        .set({ deleted_at: sql`now()`, enabled: false })
        .where('id', '=', id)
        .execute();
    },
    /** The newest delivery of each subscription, for the list. */
    lastDeliveries: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('webhook_deliveries')
            .distinctOn('target_id')
            .select(['target_id', 'status', 'event', 'created_at', 'last_status_code'])
            .where('source', '=', INTEGRATIONS_WEBHOOK_SOURCE)
            .where('target_id', 'in', ids)
            .orderBy('target_id')
            .orderBy('created_at', 'desc')
            .execute(),
  };
}
export type SubscriptionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof webhookSubscriptionsRepo>['get']>>>;
