import type { Db } from '../db/pool';
import { revokeUserSessions } from './sessions';

/**
 * Ends every session of a user at once: all refresh tokens are revoked and unused sign-in (custom)
 * tokens are spent, so no device can renew or start a session with an old link. The admin console calls it on a
 * change of scope, admin access or status, inside the same transaction as the change.
 *
 * ID tokens already handed out are refused from the commit on, in every process: the user's
 * session version is bumped (identity/sessions.ts, issue 11).
 */
export async function endUserSessions(db: Db, userId: string): Promise<void> {
  const now = new Date();
  await revokeUserSessions(db, userId);
  await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'custom_token')
    .where('used_at', 'is', null)
    .execute();
}
