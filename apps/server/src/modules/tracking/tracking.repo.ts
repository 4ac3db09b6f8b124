import type { Db } from '../../db/pool';

/** SQL for the first-party usage events behind /api/mp. */
export function trackingRepo(db: Db) {
  return {
    async insert(e: { userId: string | null; event: string; clientTimestamp: string; scope: unknown; properties: unknown }): Promise<void> {
      await db
        .insertInto('tracking_events')
        .values({
          user_id: e.userId,
          event: e.event,
          client_timestamp: e.clientTimestamp,
          scope: e.scope ? JSON.stringify(e.scope) : null,
          properties: e.properties ? JSON.stringify(e.properties) : null,
        })
        .execute();
    },
  };
}
export type TrackingRepo = ReturnType<typeof trackingRepo>;
