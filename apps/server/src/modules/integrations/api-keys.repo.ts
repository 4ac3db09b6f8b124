import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/**
 * SQL only API keys have: a key acts as its creator, so it dies with the creator's access. The
 * rest of a key's life (issue, list, revoke, verify) is the issued-key store's (lib/issued-keys).
 */
export function apiKeysRepo(db: Db) {
  return {
    /**
     * Revokes the live keys of a user that the user's current state no longer allows: all of them
     * when disabled, those of publishers no longer in the scope otherwise. Returns their ids.
     */
    async revokeLostOf(userId: string, by: string): Promise<string[]> {
      const r = await sql<{ id: string }>`
        UPDATE api_keys k SET revoked_at = now(), revoked_by = ${by}
          FROM users u
         WHERE u.id = k.created_by AND k.created_by = ${userId} AND k.revoked_at IS NULL
           AND (u.disabled OR NOT (u.publisher_scope = 'ALL'
                OR k.publisher_id = ANY (string_to_array(replace(u.publisher_scope, ' ', ''), ','))))
        RETURNING k.id`.execute(db);
      return r.rows.map((x) => x.id);
    },
  };
}
