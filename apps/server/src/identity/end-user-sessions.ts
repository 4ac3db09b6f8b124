import type { Db } from '../db/pool';
import { revokeUserSessions } from './sessions';

/**
 * Ends every session of a user at once, inside the caller's transaction: refresh tokens revoked and
 * unused sign-in (custom) tokens spent. ID tokens already issued are refused from the next request
 * by the session version (the users trigger of migration 0010 bumps it on the scope, admin
 * access or disabled change the console makes; see identity/sessions.ts). Kept as the console's
 * one call so the custom tokens are spent too.
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
