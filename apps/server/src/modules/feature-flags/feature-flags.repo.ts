import { sql } from 'kysely';
import type { FlagShape, FlagValue } from '@pc/contracts';
import type { Db } from '../../db/pool';

export interface FlagRow {
  key: string;
  shape: FlagShape;
  description: string;
  beta: boolean;
  marked_new: boolean;
  default_value: FlagValue;
  updated_at: Date;
}

/** SQL for flag definitions and per-publisher overrides. */
export function featureFlagsRepo(db: Db) {
  const definitions = () =>
    db.selectFrom('feature_flags').select(['key', 'shape', 'description', 'beta', 'marked_new', 'default_value', 'updated_at']);
  return {
    async list(): Promise<(FlagRow & { overrides: number })[]> {
      const rows = await definitions()
        .select((eb) =>
          eb
            .selectFrom('feature_flag_overrides as o')
            .whereRef('o.flag_key', '=', 'feature_flags.key')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('overrides'),
        )
        .orderBy('key')
        .execute();
      return rows.map((r) => ({ ...(r as FlagRow), overrides: Number(r.overrides ?? 0) }));
    },
    async get(key: string): Promise<FlagRow | undefined> {
      return (await definitions().where('key', '=', key).executeTakeFirst()) as FlagRow | undefined;
    },
    /** Locks the definition row so concurrent edits of one flag serialise (and audit in order). */
    async getForUpdate(key: string): Promise<FlagRow | undefined> {
      return (await definitions().where('key', '=', key).forUpdate().executeTakeFirst()) as FlagRow | undefined;
    },
    async insert(f: Omit<FlagRow, 'updated_at'>): Promise<boolean> {
      const res = await db
        .insertInto('feature_flags')
        .values({ ...f, default_value: JSON.stringify(f.default_value) })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async update(key: string, f: Partial<Pick<FlagRow, 'description' | 'beta' | 'marked_new' | 'default_value'>>): Promise<void> {
      const { default_value, ...rest } = f;
      await db
        .updateTable('feature_flags')
        .set({ ...rest, ...(default_value !== undefined ? { default_value: JSON.stringify(default_value) } : {}), updated_at: new Date() })
        .where('key', '=', key)
        .execute();
    },
    async overridesOf(key: string) {
      return db
        .selectFrom('feature_flag_overrides as o')
        .innerJoin('publishers as p', 'p.id', 'o.publisher_id')
        .select(['o.flag_key', 'o.publisher_id', 'p.name as publisher_name', 'o.value', 'o.source', 'o.updated_at'])
        .where('o.flag_key', '=', key)
        .orderBy('p.name')
        .execute();
    },
    async override(key: string, publisherId: string): Promise<FlagValue | undefined> {
      const row = await db
        .selectFrom('feature_flag_overrides')
        .select('value')
        .where('flag_key', '=', key)
        .where('publisher_id', '=', publisherId)
        .executeTakeFirst();
      return row?.value as FlagValue | undefined;
    },
    async setOverride(key: string, publisherId: string, value: FlagValue, by: string): Promise<void> {
      const v = JSON.stringify(value);
      await db
        .insertInto('feature_flag_overrides')
        .values({ flag_key: key, publisher_id: publisherId, value: v, updated_by: by, source: 'admin' })
        // An admin's value: it now wins over the publisher's plan (migration 0075).
        .onConflict((oc) =>
          oc.columns(['flag_key', 'publisher_id']).doUpdateSet({ value: v, updated_by: by, updated_at: new Date(), source: 'admin' }),
        )
        .execute();
    },
    async clearOverride(key: string, publisherId: string): Promise<boolean> {
      const res = await db
        .deleteFrom('feature_flag_overrides')
        .where('flag_key', '=', key)
        .where('publisher_id', '=', publisherId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
    /** The value the publisher's chosen plan gives this flag (undefined: no chosen plan, or the plan leaves it). */
    async planValue(key: string, publisherId: string): Promise<{ planId: string; value: FlagValue } | undefined> {
      const row = await db
        .selectFrom('publisher_plans as pp')
        .innerJoin('plans as p', 'p.id', 'pp.plan_id')
        .select(['p.id', sql<FlagValue | null>`p.flag_values -> ${key}`.as('value')])
        .where('pp.publisher_id', '=', publisherId)
        .executeTakeFirst();
      return row && row.value !== null ? { planId: row.id, value: row.value } : undefined;
    },
    /** Writes a plan's value back as a plan override (what a plan change writes). */
    async setPlanOverride(key: string, publisherId: string, value: FlagValue, by: string): Promise<void> {
      await db
        .insertInto('feature_flag_overrides')
        .values({ flag_key: key, publisher_id: publisherId, value: JSON.stringify(value), updated_by: by, source: 'plan' })
        .execute();
    },
    /** Every definition with this publisher's override (null when none), in one query. */
    async effective(publisherId: string) {
      return db
        .selectFrom('feature_flags as f')
        .leftJoin('feature_flag_overrides as o', (j) => j.onRef('o.flag_key', '=', 'f.key').on('o.publisher_id', '=', publisherId))
        .select(['f.key', 'f.shape', 'f.beta', 'f.marked_new', 'f.default_value', 'o.value as override_value'])
        .orderBy('f.key')
        .execute();
    },
    /** The plans that give this flag a value, with that value. */
    async planValues(key: string): Promise<{ planId: string; value: FlagValue }[]> {
      const rows = await db
        .selectFrom('plans')
        .select(['id', sql<FlagValue>`flag_values -> ${key}`.as('value')])
        .where(sql<boolean>`flag_values ? ${key}`)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ planId: r.id, value: r.value }));
    },
    /** Deletes the definition, its value in every plan, and (ON DELETE CASCADE) its overrides. */
    async remove(key: string): Promise<void> {
      await db
        .updateTable('plans')
        .set({ flag_values: sql`flag_values - ${key}` })
        .where(sql<boolean>`flag_values ? ${key}`)
        .execute();
      await db.deleteFrom('feature_flags').where('key', '=', key).execute();
    },
    /** One flag for every publisher at once: its default and each override (publisher id -> value). */
    async valuesOfAll(key: string): Promise<{ defaultValue: FlagValue | null; overrides: Map<string, FlagValue> }> {
      const def = await db.selectFrom('feature_flags').select('default_value').where('key', '=', key).executeTakeFirst();
      const rows = await db.selectFrom('feature_flag_overrides').select(['publisher_id', 'value']).where('flag_key', '=', key).execute();
      return {
        defaultValue: (def?.default_value as FlagValue | undefined) ?? null,
        overrides: new Map(rows.map((r) => [r.publisher_id, r.value as FlagValue])),
      };
    },
    /** The name of the publisher's chosen plan, else of `defaultPlanId`; null when neither exists. */
    async planNameOf(publisherId: string, defaultPlanId: string): Promise<string | null> {
      const row = await db
        .selectFrom('plans')
        .select('name')
        .where(
          'id',
          '=',
          sql<string>`coalesce((SELECT plan_id FROM publisher_plans WHERE publisher_id = ${publisherId}), ${defaultPlanId})`,
        )
        .executeTakeFirst();
      return row?.name ?? null;
    },
    async publisherExists(publisherId: string): Promise<boolean> {
      return !!(await db.selectFrom('publishers').select('id').where('id', '=', publisherId).executeTakeFirst());
    },
  };
}
export type FeatureFlagsRepo = ReturnType<typeof featureFlagsRepo>;
