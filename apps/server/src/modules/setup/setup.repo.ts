import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/** The account facts of the setup checklist (the sites' come from modules/site-status); read-only SQL. */
export function setupRepo(db: Db) {
  return {
    async hasPaymentSettings(publisherId: string): Promise<boolean> {
      const row = await db.selectFrom('payment_settings').select('publisher_id').where('publisher_id', '=', publisherId).executeTakeFirst();
      return row !== undefined;
    },
    /** The publisher's own enabled users (staff, scope ALL, are not teammates) and open or accepted invitations. */
    async team(publisherId: string): Promise<{ users: number; invitations: number }> {
      const users = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('disabled', '=', false)
        .where(sql<boolean>`string_to_array(replace(publisher_scope, ' ', ''), ',') @> ARRAY[${publisherId}]::text[]`)
        .executeTakeFirstOrThrow();
      const invitations = await db
        .selectFrom('invitations')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', 'in', ['pending', 'accepted'])
        .where(sql<boolean>`publisher_ids @> ARRAY[${publisherId}]::text[]`)
        .executeTakeFirstOrThrow();
      return { users: Number(users.n), invitations: Number(invitations.n) };
    },
  };
}

export type SetupRepo = ReturnType<typeof setupRepo>;
