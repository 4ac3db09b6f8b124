import {
  flagValueProblem,
  type EffectiveFlag,
  type FlagDefinition,
  type FlagDefinitionInput,
  type FlagDefinitionPatch,
  type FlagOverride,
  type FlagValue,
} from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { auditRepo } from '../audit';
import { featureFlagsRepo } from './feature-flags.repo';

const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, 'Conflict', fields);
const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The effective flags of one publisher: its override where set, else the default. The read API
 * for every other server module (plan limits, monitors, blocking rules); it reads PostgreSQL each
 * time, so an admin's change holds at once in every process. Pass a transaction as `db` to read
 * under the caller's locks.
 */
export async function effectiveFlags(
  db: Db,
  publisherId: string,
  opts: { showNewFeaturesUntil?: string | null; now?: Date } = {},
): Promise<EffectiveFlag[]> {
  const rows = await featureFlagsRepo(db).effective(publisherId);
  const until = opts.showNewFeaturesUntil ?? null;
  const newWindowOpen = until !== null && today(opts.now ?? new Date()) <= until;
  return rows.map((r) => ({
    key: r.key,
    shape: r.shape,
    value: (r.override_value ?? r.default_value) as FlagValue,
    beta: r.beta,
    isNew: newWindowOpen && r.marked_new,
    overridden: r.override_value !== null,
  }));
}

/** One flag's effective value for a publisher, or null when no such flag is defined. */
export async function flagValue(db: Db, publisherId: string, key: string): Promise<FlagValue | null> {
  const repo = featureFlagsRepo(db);
  const def = await repo.get(key);
  if (!def) return null;
  return (await repo.override(key, publisherId)) ?? def.default_value;
}

/** A LIMIT (or EXTENSION) flag as a number; `fallback` when the flag is missing or not a number. */
export async function limitFlag(db: Db, publisherId: string, key: string, fallback: number): Promise<number> {
  const v = await flagValue(db, publisherId, key);
  return typeof v === 'number' ? v : fallback;
}

/** A SET flag as a list; `fallback` when missing. */
export async function setFlag(db: Db, publisherId: string, key: string, fallback: readonly string[]): Promise<string[]> {
  const v = await flagValue(db, publisherId, key);
  return Array.isArray(v) ? v : [...fallback];
}

/** A BOOLEAN flag; `fallback` when missing. */
export async function booleanFlag(db: Db, publisherId: string, key: string, fallback: boolean): Promise<boolean> {
  const v = await flagValue(db, publisherId, key);
  return typeof v === 'boolean' ? v : fallback;
}

const toDefinition = (r: Awaited<ReturnType<ReturnType<typeof featureFlagsRepo>['list']>>[number]): FlagDefinition => ({
  key: r.key,
  shape: r.shape,
  description: r.description,
  beta: r.beta,
  markedNew: r.marked_new,
  defaultValue: r.default_value,
  overrides: r.overrides,
  updatedAt: r.updated_at.toISOString(),
});

/** Admin rules for definitions and overrides: values must fit the flag's shape; every change audited. */
export function createFeatureFlagsService(deps: { db: Db; showNewFeaturesUntil: string | null }) {
  const { db } = deps;
  const checkValue = (shape: FlagDefinition['shape'], value: unknown, field: string) => {
    const problem = flagValueProblem(shape, value);
    if (problem) throw badRequest(problem, { [field]: problem });
  };
  return {
    effective: (publisherId: string) => effectiveFlags(db, publisherId, { showNewFeaturesUntil: deps.showNewFeaturesUntil }),

    async list(): Promise<FlagDefinition[]> {
      return (await featureFlagsRepo(db).list()).map(toDefinition);
    },

    async create(actor: string, input: FlagDefinitionInput): Promise<FlagDefinition> {
      checkValue(input.shape, input.defaultValue, 'defaultValue');
      return inTransaction(db, async (trx) => {
        const repo = featureFlagsRepo(trx);
        const created = await repo.insert({
          key: input.key,
          shape: input.shape,
          description: input.description,
          beta: input.beta,
          marked_new: input.markedNew,
          default_value: input.defaultValue,
        });
        if (!created) {
          // Named at the field, so the console's form says it beside the name typed.
          const taken = `A flag named ${input.key} exists already. Edit it instead.`;
          throw conflict(taken, { key: taken });
        }
        await auditRepo(trx).record({ actorUserId: actor, publisherId: null, action: 'feature_flag.create', details: { after: input } });
        return toDefinition({ ...(await repo.get(input.key))!, overrides: 0 });
      });
    },

    async update(actor: string, key: string, patch: FlagDefinitionPatch): Promise<FlagDefinition> {
      return inTransaction(db, async (trx) => {
        const repo = featureFlagsRepo(trx);
        const before = await repo.getForUpdate(key);
        if (!before) throw notFound('No such flag.');
        if (patch.defaultValue !== undefined) checkValue(before.shape, patch.defaultValue, 'defaultValue');
        await repo.update(key, {
          description: patch.description,
          beta: patch.beta,
          marked_new: patch.markedNew,
          default_value: patch.defaultValue,
        });
        const after = (await repo.list()).find((f) => f.key === key)!;
        await auditRepo(trx).record({
          actorUserId: actor,
          publisherId: null,
          action: 'feature_flag.update',
          details: { key, before: toDefinition({ ...before, overrides: after.overrides }), after: toDefinition(after) },
        });
        return toDefinition(after);
      });
    },

    /**
     * Deletes a flag outright rather than archiving it: its overrides and its value in every plan go
     * in the same transaction, and the audit row keeps all of them, so the flag can be re-created
     * from it. Code that reads a deleted flag falls back to its built-in default (limitFlag & co).
     */
    async remove(actor: string, key: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        const repo = featureFlagsRepo(trx);
        const before = await repo.getForUpdate(key);
        if (!before) throw notFound('No such flag.');
        const overrides = await repo.overridesOf(key);
        const plans = await repo.planValues(key);
        await repo.remove(key);
        await auditRepo(trx).record({
          actorUserId: actor,
          publisherId: null,
          action: 'feature_flag.delete',
          details: {
            key,
            before: toDefinition({ ...before, overrides: overrides.length }),
            overrides: overrides.map((o) => ({ publisherId: o.publisher_id, value: o.value, source: o.source })),
            plans,
          },
        });
      });
    },

    async overrides(key: string): Promise<FlagOverride[]> {
      const repo = featureFlagsRepo(db);
      if (!(await repo.get(key))) throw notFound('No such flag.');
      return (await repo.overridesOf(key)).map((o) => ({
        key: o.flag_key,
        publisherId: o.publisher_id,
        publisherName: o.publisher_name,
        value: o.value as FlagValue,
        source: o.source,
        updatedAt: o.updated_at.toISOString(),
      }));
    },

    async setOverride(actor: string, key: string, publisherId: string, value: FlagValue): Promise<void> {
      await inTransaction(db, async (trx) => {
        const repo = featureFlagsRepo(trx);
        const def = await repo.getForUpdate(key);
        if (!def) throw notFound('No such flag.');
        if (!(await repo.publisherExists(publisherId))) throw notFound('No such publisher.');
        checkValue(def.shape, value, 'value');
        const before = (await repo.override(key, publisherId)) ?? null;
        await repo.setOverride(key, publisherId, value, actor);
        await auditRepo(trx).record({
          actorUserId: actor,
          publisherId,
          action: 'feature_flag.override.set',
          details: { key, before, after: value },
        });
      });
    },

    async clearOverride(actor: string, key: string, publisherId: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        const repo = featureFlagsRepo(trx);
        if (!(await repo.getForUpdate(key))) throw notFound('No such flag.');
        const before = (await repo.override(key, publisherId)) ?? null;
        if (!(await repo.clearOverride(key, publisherId))) throw notFound('This publisher has no override for this flag.');
        // While the publisher has a chosen plan, the flag goes back to the plan's value, not the
        // flag's default: the plan is what the publisher agreed to.
        const plan = await repo.planValue(key, publisherId);
        if (plan) await repo.setPlanOverride(key, publisherId, plan.value, actor);
        await auditRepo(trx).record({
          actorUserId: actor,
          publisherId,
          action: 'feature_flag.override.clear',
          details: { key, before, after: plan ? plan.value : null, ...(plan ? { restoredPlan: plan.planId } : {}) },
        });
      });
    },
  };
}
export type FeatureFlagsService = ReturnType<typeof createFeatureFlagsService>;
