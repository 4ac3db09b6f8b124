import { sql } from 'kysely';
import type { Db } from '../../db/pool';

export interface StoredAnswer {
  fingerprint: string;
  statusCode: number | null;
  contentType: string | null;
  body: Buffer | null;
  createdAt: Date;
  /** The write committed (marked in its own transaction), whether or not its answer was stored. */
  writeCommitted: boolean;
}

/** SQL for the Idempotency-Key store (table idempotency_keys, migration 0020). */
export function idempotencyRepo(db: Db) {
  return {
    /**
     * Claims the key for a new request. Returns true when this request owns it (a new key, or an
     * in-progress claim older than `staleSeconds` whose process evidently died before its write
     * committed); false when another request holds it, has written or has already answered.
     */
    async claim(userId: string, key: string, fingerprint: string, staleSeconds: number): Promise<boolean> {
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, fingerprint })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'key'])
            .doUpdateSet({ fingerprint, created_at: sql`now()` })
            .where(
              // Only an abandoned claim or an expired answer is taken over; a live one is left alone.
              // A claim whose write committed is never abandoned: running it again would write twice.
              sql<boolean>`(idempotency_keys.completed_at IS NULL AND idempotency_keys.write_committed_at IS NULL
                AND idempotency_keys.created_at < now() - make_interval(secs => ${staleSeconds}))
              OR idempotency_keys.created_at < now() - interval '24 hours'`,
            ),
        )
        .returning('key')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async find(userId: string, key: string): Promise<StoredAnswer | null> {
      const row = await db
        .selectFrom('idempotency_keys')
        .select(['fingerprint', 'status_code', 'content_type', 'body', 'created_at', 'write_committed_at'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      return row
        ? {
            fingerprint: row.fingerprint,
            statusCode: row.status_code,
            contentType: row.content_type,
            body: row.body,
            createdAt: row.created_at,
            writeCommitted: row.write_committed_at !== null,
          }
        : null;
    },

    /** Run with the `Db` of the write's own transaction: the key is spent exactly when the write commits. */
    async markWriteCommitted(userId: string, key: string): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ write_committed_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('write_committed_at', 'is', null)
        .execute();
    },

    async complete(userId: string, key: string, answer: { statusCode: number; contentType: string | null; body: Buffer }): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ status_code: answer.statusCode, content_type: answer.contentType, body: answer.body, completed_at: new Date() })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    },

    /**
     * Gives the key up (the request failed with a 5xx or its answer cannot be kept), so a retry runs
     * it again, unless its write committed. False when the key was kept for that reason.
     */
    async release(userId: string, key: string): Promise<boolean> {
      const r = await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('completed_at', 'is', null)
        .where('write_committed_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async pruneExpired(): Promise<number> {
      const r = await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', sql<Date>`now() - interval '24 hours'`)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type IdempotencyRepo = ReturnType<typeof idempotencyRepo>;
