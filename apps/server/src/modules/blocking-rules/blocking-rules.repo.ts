import { sql } from 'kysely';
import type { Db } from '../../db/pool';

export interface RuleRow {
  id: string;
  publisher_id: string;
  publisher_name: string;
  name: string;
  type: string;
  rule_values: string[];
  site_ids: string[] | null;
  expires_at: string | null;
  status: string;
  updated_by_email: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface RuleWrite {
  name: string;
  type: string;
  values: string[];
  siteIds: string[] | null;
  expiresAt: string | null;
}

/** SQL of the blocking rules; every query is bounded by the publisher id from the checked context. */
export function blockingRulesRepo(db: Db) {
  const base = () =>
    db
      .selectFrom('blocking_rules as r')
      .innerJoin('publishers as p', 'p.id', 'r.publisher_id')
      .leftJoin('users as u', 'u.id', 'r.updated_by')
      .select([
        'r.id',
        'r.publisher_id',
        'p.name as publisher_name',
        'r.name',
        'r.type',
        'r.rule_values',
        'r.site_ids',
        'r.expires_at',
        'r.status',
        'u.email as updated_by_email',
        'r.created_at',
        'r.updated_at',
      ]);
  return {
    async list(publisherId: string): Promise<RuleRow[]> {
      return (await base().where('r.publisher_id', '=', publisherId).orderBy('r.updated_at', 'desc').execute()) as RuleRow[];
    },
    async get(publisherId: string, id: string): Promise<RuleRow | undefined> {
      return (await base().where('r.publisher_id', '=', publisherId).where('r.id', '=', id).executeTakeFirst()) as RuleRow | undefined;
    },
    async countLive(publisherId: string): Promise<number> {
      const row = await db
        .selectFrom('blocking_rules')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('publisher_id', '=', publisherId)
        .where('status', '<>', 'expired')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insert(publisherId: string, uid: string, w: RuleWrite): Promise<string> {
      const row = await db
        .insertInto('blocking_rules')
        .values({
          publisher_id: publisherId,
          name: w.name,
          type: w.type,
          rule_values: JSON.stringify(w.values),
          site_ids: w.siteIds ? JSON.stringify(w.siteIds) : null,
          expires_at: w.expiresAt,
          created_by: uid,
          updated_by: uid,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async update(publisherId: string, id: string, uid: string, w: RuleWrite, status: string): Promise<void> {
      await db
        .updateTable('blocking_rules')
        .set({
          name: w.name,
          type: w.type,
          rule_values: JSON.stringify(w.values),
          site_ids: w.siteIds ? JSON.stringify(w.siteIds) : null,
          expires_at: w.expiresAt,
          status,
          updated_by: uid,
          updated_at: new Date(),
        })
        .where('publisher_id', '=', publisherId)
        .where('id', '=', id)
        .execute();
    },
    async setStatus(publisherId: string, id: string, uid: string, status: string): Promise<void> {
      await db
        .updateTable('blocking_rules')
        .set({ status, updated_by: uid, updated_at: new Date() })
        .where('publisher_id', '=', publisherId)
        .where('id', '=', id)
        .execute();
    },
    async remove(publisherId: string, id: string): Promise<void> {
      await db.deleteFrom('blocking_rules').where('publisher_id', '=', publisherId).where('id', '=', id).execute();
    },
    /** Marks rules whose expiry day has passed; one conditional UPDATE, so concurrent sweeps expire each rule once. */
    async expireDue(today: string): Promise<{ id: string; publisher_id: string; name: string; expires_at: string | null }[]> {
      return db
        .updateTable('blocking_rules')
        .set({ status: 'expired', updated_by: null, updated_at: new Date() })
        .where('status', '<>', 'expired')
        .where('expires_at', '<', today)
        .returning(['id', 'publisher_id', 'name', 'expires_at'])
        .execute();
    },
    async history(publisherId: string, ruleId: string) {
      return db
        .selectFrom('audit_log as a')
        .leftJoin('users as u', 'u.id', 'a.actor_user_id')
        .select(['a.created_at', 'a.action', 'a.details', 'u.email'])
        .where('a.publisher_id', '=', publisherId)
        .where('a.action', 'like', 'blocking_rule.%')
        .where(sql<string>`a.details ->> 'ruleId'`, '=', ruleId)
        .orderBy('a.id', 'desc')
        .execute();
    },
    async sites(publisherId: string) {
      return db
        .selectFrom('sites')
        .select(['id', 'name', 'domain', 'active'])
        .where('publisher_id', '=', publisherId)
        .orderBy('id')
        .execute();
    },
    async activeRules(publisherId: string) {
      return db
        .selectFrom('blocking_rules')
        .select(['id', 'name', 'type', 'rule_values', 'site_ids', 'expires_at'])
        .where('publisher_id', '=', publisherId)
        .where('status', '=', 'active')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
  };
}
export type BlockingRulesRepo = ReturnType<typeof blockingRulesRepo>;
