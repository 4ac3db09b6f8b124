import { sql } from 'kysely';
import type { Db } from '../../db/pool';

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** SQL for the console's registered users. */
export function adminUsersRepo(db: Db) {
  const base = () =>
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'created_at', 'publisher_scope', 'admin_access', 'disabled'])
      // Last session start or renewal: refresh tokens are issued on sign-in and on every renewal.
      .select((eb) =>
        eb
          .selectFrom('refresh_tokens')
          .whereRef('refresh_tokens.user_id', '=', 'users.id')
          .where('refresh_tokens.scope_override', 'is', null)
          .select((e) => e.fn.max('refresh_tokens.created_at').as('m'))
          .as('last_sign_in'),
      );
  return {
    async list(f: { search?: string; publisherId?: string; limit: number }) {
      let q = base().orderBy('email').limit(f.limit);
      if (f.search) {
        const like = likeOf(f.search);
        q = q.where((eb) => eb.or([eb('email', 'ilike', like), eb(sql<string>`first_name || ' ' || last_name`, 'ilike', like)]));
      }
      // A partner's users: its id in the comma-separated scope, or staff (ALL) excluded.
      if (f.publisherId) q = q.where(sql<boolean>`${f.publisherId} = ANY(string_to_array(publisher_scope, ','))`);
      return q.execute();
    },
    get: (id: string) => base().where('id', '=', id).executeTakeFirst(),
    byEmail: (email: string) =>
      base()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst(),
    async update(id: string, set: { publisher_scope?: string; admin_access?: boolean; disabled?: boolean }) {
      await db.updateTable('users').set(set).where('id', '=', id).execute();
    },
    async remove(id: string) {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
    /** Which of these publisher ids exist (scope and invitations may only name real partners). */
    async existingPublishers(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('publishers').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },
    async publisherNames(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('publishers').select(['id', 'name']).where('id', 'in', ids).orderBy('name').execute();
      return rows.map((r) => `${r.name} (${r.id})`);
    },
  };
}
export type AdminUserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof adminUsersRepo>['get']>>>;
