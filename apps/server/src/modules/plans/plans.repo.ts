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
    async sites(publisherId: string) {
      return db
        .selectFrom('sites')
        .select(['id', 'name', 'domain'])
        .where('publisher_id', '=', publisherId)
        .where('active', '=', true)
        .orderBy('name')
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
    async decide(id: string, status: 'approved' | 'rejected', by: string): Promise<void> {
      await db.updateTable('plan_change_requests').set({ status, decided_by: by, decided_at: new Date() }).where('id', '=', id).execute();
    },
  };
}
export type PlansRepo = ReturnType<typeof plansRepo>;
