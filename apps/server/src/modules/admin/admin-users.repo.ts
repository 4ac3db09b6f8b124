import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/** SQL for the console's registered-users list. */
export function adminUsersRepo(db: Db) {
  return {
    async list(f: { search?: string; publisherId?: string; limit: number }) {
      let q = db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email', 'created_at', 'publisher_scope', 'admin_access', 'disabled'])
        .orderBy('email')
        .limit(f.limit);
      if (f.search) {
        const like = `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
        q = q.where((eb) => eb.or([eb('email', 'ilike', like), eb(sql<string>`first_name || ' ' || last_name`, 'ilike', like)]));
      }
      // A partner's users: its id in the comma-separated scope, or staff (ALL) excluded.
      if (f.publisherId) q = q.where(sql<boolean>`${f.publisherId} = ANY(string_to_array(publisher_scope, ','))`);
      return q.execute();
    },
  };
}
