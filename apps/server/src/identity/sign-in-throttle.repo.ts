import { sql } from 'kysely';
import type { Db } from '../db/pool';

/** SQL of the sign-in failure counters (table sign_in_throttle, migration 0011). */
export function signInThrottleRepo(db: Db) {
  return {
    /** The latest lock among the keys still in force at `now`, if any. */
    async lockedUntil(keys: string[], now: Date): Promise<Date | null> {
      const row = await db
        .selectFrom('sign_in_throttle')
        .select(sql<Date | null>`max(locked_until)`.as('until'))
        .where('key', 'in', keys)
        .where('locked_until', '>', now)
        .executeTakeFirst();
      return row?.until ?? null;
    },
    /**
     * Counts one failure atomically (concurrent attempts never lose a count). A count whose last
     * failure is older than `forgetBefore` starts again at 1. Returns the new count.
     */
    async addFailure(key: string, now: Date, forgetBefore: Date): Promise<number> {
      const row = await db
        .insertInto('sign_in_throttle')
        .values({ key, failures: 1, last_failure_at: now, locked_until: null })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql<number>`CASE WHEN sign_in_throttle.last_failure_at < ${forgetBefore} THEN 1 ELSE sign_in_throttle.failures + 1 END`,
            last_failure_at: now,
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return row.failures;
    },
    async lock(key: string, until: Date): Promise<void> {
      await db.updateTable('sign_in_throttle').set({ locked_until: until }).where('key', '=', key).execute();
    },
    async clear(keys: string[]): Promise<void> {
      await db.deleteFrom('sign_in_throttle').where('key', 'in', keys).execute();
    },
    async purgeOlderThan(before: Date): Promise<void> {
      await db.deleteFrom('sign_in_throttle').where('last_failure_at', '<', before).execute();
    },
  };
}
export type SignInThrottleRepo = ReturnType<typeof signInThrottleRepo>;
