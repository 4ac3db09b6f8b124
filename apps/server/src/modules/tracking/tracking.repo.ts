import type { Db } from '../../db/pool';

export interface StoredTrackingEvent {
  id: number;
  userId: string | null;
  event: string;
  clientTimestamp: string;
  scope: unknown;
  properties: unknown;
  receivedAt: Date;
}

/** SQL for the first-party usage events behind /api/mp. */
export function trackingRepo(db: Db) {
  return {
    async insert(e: {
      userId: string | null;
      event: string;
      clientTimestamp: string;
      scope: unknown;
      properties: unknown;
    }): Promise<number> {
      const row = await db
        .insertInto('tracking_events')
        .values({
          user_id: e.userId,
          event: e.event,
          client_timestamp: e.clientTimestamp,
          scope: e.scope ? JSON.stringify(e.scope) : null,
          properties: e.properties ? JSON.stringify(e.properties) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async find(id: number): Promise<StoredTrackingEvent | null> {
      const r = await db.selectFrom('tracking_events').selectAll().where('id', '=', id).executeTakeFirst();
      return r
        ? {
            id: r.id,
            userId: r.user_id,
            event: r.event,
            clientTimestamp: r.client_timestamp,
            scope: r.scope,
            properties: r.properties,
            receivedAt: r.received_at,
          }
        : null;
    },
  };
}
export type TrackingRepo = ReturnType<typeof trackingRepo>;
