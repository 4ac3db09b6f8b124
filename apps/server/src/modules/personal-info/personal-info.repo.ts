import { sql } from 'kysely';
import type { Db } from '../../db/pool';

const PROFILE = ['first_name', 'last_name', 'email', 'phone_number'] as const;

/** SQL of the profile and of pending e-mail changes (one_time_codes with purpose 'email_change'). */
export function personalInfoRepo(db: Db) {
  return {
    findProfile(uid: string) {
      return db.selectFrom('users').select(PROFILE).where('id', '=', uid).executeTakeFirst();
    },
    async emailTakenByOther(email: string, uid: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('id', '!=', uid)
        .executeTakeFirst();
      return !!row;
    },
    updateProfile(uid: string, p: { firstName: string; lastName: string; phoneNumber: string }) {
      return db
        .updateTable('users')
        .set({ first_name: p.firstName, last_name: p.lastName, phone_number: p.phoneNumber })
        .where('id', '=', uid)
        .returning(PROFILE)
        .executeTakeFirst();
    },
    setEmail(uid: string, email: string) {
      return db.updateTable('users').set({ email }).where('id', '=', uid).returning(['email']).executeTakeFirst();
    },
    async pendingEmail(uid: string): Promise<string | null> {
      const row = await db
        .selectFrom('one_time_codes')
        .select('new_email')
        .where('user_id', '=', uid)
        .where('purpose', '=', 'email_change')
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row?.new_email ?? null;
    },
    /** A new request replaces any earlier one: only the latest link works. */
    async replacePendingEmail(uid: string, newEmail: string, codeHash: string, expiresAt: Date): Promise<void> {
      await db
        .updateTable('one_time_codes')
        .set({ used_at: new Date() })
        .where('user_id', '=', uid)
        .where('purpose', '=', 'email_change')
        .where('used_at', 'is', null)
        .execute();
      await db
        .insertInto('one_time_codes')
        .values({
          user_id: uid,
          purpose: 'email_change',
          code_hash: codeHash,
          expires_at: expiresAt,
          new_email: newEmail,
          scope_override: null,
        })
        .execute();
    },
    /** Single use under concurrency: only the UPDATE that flips used_at gets the row. */
    consumeEmailCode(codeHash: string) {
      return db
        .updateTable('one_time_codes')
        .set({ used_at: new Date() })
        .where('purpose', '=', 'email_change')
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning(['user_id', 'new_email'])
        .executeTakeFirst();
    },
  };
}
