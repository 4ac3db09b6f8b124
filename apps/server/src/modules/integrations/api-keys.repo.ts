import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/** SQL for reporting API keys (hashes only). */
export function apiKeysRepo(db: Db) {
  const cols = () =>
    db
      .selectFrom('api_keys as k')
      .innerJoin('users as u', 'u.id', 'k.created_by')
      .select([
        'k.id',
        'k.publisher_id',
        'k.name',
        'k.prefix',
        'k.access',
        'u.email as created_by_email',
        'k.created_at',
        'k.last_used_at',
        'k.revoked_at',
      ]);
  return {
    list: (publisherId: string) => cols().where('k.publisher_id', '=', publisherId).orderBy('k.created_at', 'desc').execute(),
    get: (id: string) => cols().where('k.id', '=', id).executeTakeFirst(),
    async countActive(publisherId: string): Promise<number> {
      const r = await db
        .selectFrom('api_keys')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('publisher_id', '=', publisherId)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      return r.n;
    },
    async insert(v: {
      publisherId: string;
      name: string;
      prefix: string;
      hash: string;
      access: 'read' | 'read_write';
      by: string;
    }): Promise<string> {
      const r = await db
        .insertInto('api_keys')
        .values({ publisher_id: v.publisherId, name: v.name, prefix: v.prefix, key_hash: v.hash, access: v.access, created_by: v.by })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async revoke(id: string, by: string): Promise<boolean> {
      const r = await db
        .updateTable('api_keys')
        .set({ revoked_at: new Date(), revoked_by: by })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** The live key with this hash, with its creator (whose identity the reports run as). */
    async byHash(hash: string) {
      return db
        .selectFrom('api_keys as k')
        .innerJoin('users as u', 'u.id', 'k.created_by')
        .select(['k.id', 'k.publisher_id', 'k.access', 'k.created_by', 'k.last_used_at', 'u.email', 'u.disabled', 'u.publisher_scope'])
        .where('k.key_hash', '=', hash)
        .where('k.revoked_at', 'is', null)
        .executeTakeFirst();
    },
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
    /** At most once a minute per key, so a busy integration does not write on every call. */
    async touch(id: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
        .execute();
    },
  };
}
