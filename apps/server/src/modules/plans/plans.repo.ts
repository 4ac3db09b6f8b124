import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/** SQL for plans, the publishers' chosen plan and change requests. */
export function plansRepo(db: Db) {
  const requests = () =>
    db
      .selectFrom('plan_change_requests as r')
      .innerJoin('publishers as p', 'p.id', 'r.publisher_id')
      .innerJoin('plans as pl', 'pl.id', 'r.plan_id')
      .leftJoin('users as u', 'u.id', 'r.requested_by')
      .select([
        'r.id',
        'r.publisher_id',
        'p.name as publisher_name',
        'r.plan_id',
        'pl.name as plan_name',
        'r.status',
        'r.message',
        sql<string>`coalesce(u.email, '')`.as('requested_by'),
        'r.requested_at',
        'r.decided_at',
        'r.decision_reason',
      ]);
  return {
    async plans() {
      return db.selectFrom('plans').select(['id', 'name', 'summary', 'flag_values']).orderBy('position').execute();
    },
    async flagDefinitions() {
      return db.selectFrom('feature_flags').select(['key', 'shape', 'description']).orderBy('key').execute();
    },
    async chosen(publisherId: string) {
      return db.selectFrom('publisher_plans').select(['plan_id', 'since']).where('publisher_id', '=', publisherId).executeTakeFirst();
    },
    async setChosen(publisherId: string, planId: string, by: string): Promise<void> {
      await db
        .insertInto('publisher_plans')
        .values({ publisher_id: publisherId, plan_id: planId, changed_by: by })
        .onConflict((oc) => oc.column('publisher_id').doUpdateSet({ plan_id: planId, changed_by: by, since: new Date() }))
        .execute();
    },
    /** Rows of `table` for the publisher; null when the table does not exist (its area has not landed). */
    async countIfTable(table: string, publisherId: string, where = 'true'): Promise<number | null> {
      const exists = await sql<{ t: string | null }>`SELECT to_regclass(${`public.${table}`})::text AS t`.execute(db);
      if (!exists.rows[0]?.t) return null;
      const r = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE publisher_id = ${publisherId} AND ${sql.raw(where)}`.execute(db);
      return r.rows[0]?.n ?? 0;
    },
    async pendingOf(publisherId: string) {
      return requests().where('r.publisher_id', '=', publisherId).where('r.status', '=', 'pending').executeTakeFirst();
    },
    async requestForUpdate(id: string) {
      return requests().where('r.id', '=', id).forUpdate(['r']).executeTakeFirst();
    },
    async list(status: 'pending' | null) {
      let q = requests();
      if (status) q = q.where('r.status', '=', status);
      return q.orderBy('r.requested_at', 'desc').limit(200).execute();
    },
    async insertRequest(publisherId: string, planId: string, message: string, by: string): Promise<string | null> {
      const r = await db
        .insertInto('plan_change_requests')
        .values({ publisher_id: publisherId, plan_id: planId, message, requested_by: by })
        .onConflict((oc) => oc.column('publisher_id').where('status', '=', 'pending').doNothing())
        .returning('id')
        .executeTakeFirst();
      return r?.id ?? null;
    },
    async decide(id: string, status: 'approved' | 'rejected', reason: string, by: string): Promise<void> {
      await db
        .updateTable('plan_change_requests')
        .set({ status, decision_reason: reason, decided_by: by, decided_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
    /** The publisher's overrides an admin set (a plan change leaves these alone). */
    async adminOverrideKeys(publisherId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('feature_flag_overrides')
        .select('flag_key')
        .where('publisher_id', '=', publisherId)
        .where('source', '=', 'admin')
        .execute();
      return new Set(rows.map((r) => r.flag_key));
    },
    /** A plan's value as an override; never replaces an admin's override of the same flag. */
    async setPlanOverride(key: string, publisherId: string, value: unknown, by: string): Promise<void> {
      const v = JSON.stringify(value);
      await db
        .insertInto('feature_flag_overrides')
        .values({ flag_key: key, publisher_id: publisherId, value: v, updated_by: by, source: 'plan' })
        .onConflict((oc) =>
          oc
            .columns(['flag_key', 'publisher_id'])
            .doUpdateSet({ value: v, updated_by: by, updated_at: new Date() })
            .where('feature_flag_overrides.source', '=', 'plan'),
        )
        .execute();
    },
  };
}
export type PlansRepo = ReturnType<typeof plansRepo>;
