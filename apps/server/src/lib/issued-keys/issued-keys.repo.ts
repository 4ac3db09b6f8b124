import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/**
 * The tables of issued keys. Each keeps the same columns (migrations 0043 and 0072: id, publisher,
 * name, prefix, SHA-256 of the secret, creator, use and revocation); a kind may add its own
 * (`access` of API keys), named in `extraColumns`.
 */
export type IssuedKeyTable = 'api_keys' | 'blocking_feed_keys';

export interface IssuedKeyRow {
  id: string;
  publisher_id: string;
  name: string;
  prefix: string;
  created_by_email: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** A live key found by its secret's hash, with the user who created it (whose rights it may carry). */
export interface LiveKeyRow {
  id: string;
  publisher_id: string;
  created_by: string | null;
  creator_email: string | null;
  creator_disabled: boolean | null;
  creator_scope: string | null;
}

/** SQL of one kind's table of issued keys (hashes only). */
export function issuedKeysRepo<Extra extends Record<string, string>>(
  db: Db,
  table: IssuedKeyTable,
  extraColumns: readonly (keyof Extra & string)[],
) {
  const extras = () => extraColumns.map((c) => sql.ref<string>(`k.${c}`).as(c));
  const cols = () =>
    db
      .selectFrom(db.dynamic.table(table).as('k'))
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
      ])
      .select(extras());
  type Row = IssuedKeyRow & Extra;
  return {
    list: async (publisherId: string) =>
      (await cols().where('k.publisher_id', '=', publisherId).orderBy('k.created_at', 'desc').execute()) as Row[],
    get: async (id: string) => (await cols().where('k.id', '=', id).executeTakeFirst()) as Row | undefined,
    async countActive(publisherId: string): Promise<number> {
      const r = await db
        .selectFrom(db.dynamic.table(table).as('k'))
        .select(sql<number>`count(*)::int`.as('n'))
        .where('k.publisher_id', '=', publisherId)
        .where('k.revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      return r.n;
    },
    async insert(v: { publisherId: string; name: string; prefix: string; hash: string; by: string; extra: Extra }): Promise<string> {
      const values: Record<string, unknown> = {
        publisher_id: v.publisherId,
        name: v.name,
        prefix: v.prefix,
        key_hash: v.hash,
        created_by: v.by,
      };
      for (const c of extraColumns) values[c] = v.extra[c];
      const names = Object.keys(values);
      const r = await sql<{ id: string }>`
        INSERT INTO ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
        VALUES (${sql.join(names.map((n) => values[n]))})
        RETURNING id`.execute(db);
      return r.rows[0]!.id;
    },
    async revoke(id: string, by: string): Promise<boolean> {
      const r = await db
        .updateTable(db.dynamic.table(table).as('k'))
        .set({ revoked_at: new Date(), revoked_by: by })
        .where('k.id', '=', id)
        .where('k.revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** The live key with this hash and its creator; `extraColumns` come with it. */
    async live(hash: string) {
      const row = await db
        .selectFrom(db.dynamic.table(table).as('k'))
        .leftJoin('users as u', 'u.id', 'k.created_by')
        .select(['k.id', 'k.publisher_id', 'k.created_by', 'u.email as creator_email', 'u.disabled as creator_disabled'])
        .select(['u.publisher_scope as creator_scope'])
        .select(extras())
        .where('k.key_hash', '=', hash)
        .where('k.revoked_at', 'is', null)
        .executeTakeFirst();
      return row as (LiveKeyRow & Extra) | undefined;
    },
    /** At most once a minute per key: a busy integration or a polling ad server does not write on every call. */
    async touch(id: string): Promise<void> {
      await db
        .updateTable(db.dynamic.table(table).as('k'))
        .set({ last_used_at: sql<Date>`now()` })
        .where('k.id', '=', id)
        .where((eb) => eb.or([eb('k.last_used_at', 'is', null), eb('k.last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
        .execute();
    },
  };
}
export type IssuedKeysRepo<Extra extends Record<string, string>> = ReturnType<typeof issuedKeysRepo<Extra>>;
