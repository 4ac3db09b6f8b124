import type { Db } from '../db/pool';

/**
 * Ends every session of a user at once: all refresh tokens are revoked and unused sign-in (custom)
 * tokens are spent, so no device can renew or start a session with an old link. The admin console calls it on a
 * change of scope, admin access or status, inside the same transaction as the change.
 *
 * ID tokens already handed out stay valid until they expire (ID_TOKEN_TTL_SECONDS) until the
 * per-user session epoch of the hardening work (issue 11) lands: that change belongs here, so every
 * caller of this function gets it.
 */
export async function endUserSessions(db: Db, userId: string): Promise<void> {
  const now = new Date();
  await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'custom_token')
    .where('used_at', 'is', null)
    .execute();
}
