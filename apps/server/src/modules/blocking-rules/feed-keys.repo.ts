import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/** SQL of the per-publisher serving-feed keys (hashes only). */
export function feedKeysRepo(db: Db) {
  const cols = () =>
    db
      .selectFrom('blocking_feed_keys as k')
      .leftJoin('users as u', 'u.id', 'k.created_by')
      .select([
        'k.id',
        'k.publisher_id',
        'k.name',
        'k.prefix',
        'u.email as created_by_email',
        'k.created_at',
        'k.last_used_at',
        'k.revoked_at',
      ]);
  return {
    list: (publisherId: string) => cols().where('k.publisher_id', '=', publisherId).orderBy('k.created_at', 'desc').execute(),
    get: (publisherId: string, id: string) => cols().where('k.publisher_id', '=', publisherId).where('k.id', '=', id).executeTakeFirst(),
    async countActive(publisherId: string): Promise<number> {
      const r = await db
        .selectFrom('blocking_feed_keys')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('publisher_id', '=', publisherId)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      return r.n;
    },
    async insert(v: { publisherId: string; name: string; prefix: string; hash: string; by: string }): Promise<string> {
      const r = await db
        .insertInto('blocking_feed_keys')
        .values({ publisher_id: v.publisherId, name: v.name, prefix: v.prefix, key_hash: v.hash, created_by: v.by })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async revoke(publisherId: string, id: string, by: string): Promise<boolean> {
      const r = await db
        .updateTable('blocking_feed_keys')
        .set({ revoked_at: new Date(), revoked_by: by })
        .where('publisher_id', '=', publisherId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** The publisher of a live key with this hash; marks it used (at most once a minute, polls are frequent). */
    async use(hash: string): Promise<string | null> {
      const row = await db
        .selectFrom('blocking_feed_keys')
        .select(['id', 'publisher_id'])
        .where('key_hash', '=', hash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      await db
        .updateTable('blocking_feed_keys')
        .set({ last_used_at: sql`now()` })
        .where('id', '=', row.id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
        .execute();
      return row.publisher_id;
    },
  };
}
