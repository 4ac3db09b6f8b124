import type { Db } from '../db/pool';

/** An admin's partner views (migration 0110); each change NOTIFYs pc_sessions by trigger. */
export function partnerViewsRepo(db: Db) {
  return {
    async insert(v: { userId: string; publisherId: string; reason: string; expiresAt: Date }): Promise<string> {
      const row = await db
        .insertInto('partner_views')
        .values({ user_id: v.userId, publisher_id: v.publisherId, reason: v.reason, expires_at: v.expiresAt, ended_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** The view if it is still live (not ended, not expired). */
    findLive(id: string) {
      return db
        .selectFrom('partner_views')
        .select(['id', 'user_id', 'publisher_id', 'expires_at'])
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
    },
    /** Ends a live view of the user; undefined when there is none (already ended or someone else's). */
    end(id: string, userId: string) {
      return db
        .updateTable('partner_views')
        .set({ ended_at: new Date() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .returning(['publisher_id'])
        .executeTakeFirst();
    },
  };
}
