import {
  BLOCKING_RULE_TYPE_LABELS,
  type BlockingRule,
  type BlockingRuleHistoryEntry,
  type BlockingRuleInput,
  type BlockingRuleSaved,
  type BlockingRuleType,
} from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { auditRepo } from '../audit';
import { entitlements } from '../feature-flags';
import { blockingRulesRepo, type RuleRow, type RuleWrite } from './blocking-rules.repo';
import { ruleContradictions } from './rule-contradictions';
import { normaliseValues } from './rule-values';
import { publisherRecords } from '../publishers';

export interface RuleCtx {
  uid: string;
  publisherId: string;
}
export interface BlockingRulesLimits {
  maxRulesPerPublisher: number;
  maxValuesPerRule: number;
}

/** Plan limits as LIMIT flags (migration 0046; 0050 defines max_rules too); config only if a definition is missing. */
export const MAX_RULES_FLAG = 'blocking_rules.max_rules';
export const MAX_VALUES_FLAG = 'blocking_rules.max_values';

const today = () => new Date().toISOString().slice(0, 10);
const conflict = (message: string) => new HttpError(409, message, 'Conflict');

export function toRule(r: RuleRow): BlockingRule {
  return {
    id: r.id,
    name: r.name,
    type: r.type as BlockingRuleType,
    values: r.rule_values,
    siteIds: r.site_ids,
    expiresAt: r.expires_at,
    status: r.status as BlockingRule['status'],
    publisherId: r.publisher_id,
    publisherName: r.publisher_name,
    updatedAt: r.updated_at.toISOString(),
    updatedBy: r.updated_by_email,
    createdAt: r.created_at.toISOString(),
  };
}

const overlaps = (a: string[] | null, b: string[] | null) => a === null || b === null || a.some((s) => b.includes(s));

export function createBlockingRulesService(deps: { db: Db; limits: BlockingRulesLimits }) {
  const { db, limits } = deps;
  const repo = blockingRulesRepo(db);

  /** Expires rules past their day, each with its audit row (any process may run it; each rule expires once). */
  async function sweepExpired(): Promise<number> {
    return inTransaction(db, async (trx) => {
      const expired = await blockingRulesRepo(trx).expireDue(today());
      for (const r of expired)
        await auditRepo(trx).record({
          actorUserId: null,
          publisherId: r.publisher_id,
          action: 'blocking_rule.expire',
          details: { ruleId: r.id, name: r.name, expiresAt: r.expires_at },
        });
      return expired.length;
    });
  }

  /** Validates an input against the publisher's sites, the type's rules and the limits. */
  async function validate(ctx: RuleCtx, input: BlockingRuleInput, excludeId: string | null) {
    const { values, indexes, errors, duplicates } = normaliseValues(input.type, input.values);
    const fields: Record<string, string> = { ...errors };
    if (values.length === 0 && Object.keys(errors).length === 0) fields.values = 'Add at least one value.';
    const maxValues = await entitlements(db).limit(ctx.publisherId, MAX_VALUES_FLAG, limits.maxValuesPerRule);
    if (values.length > maxValues) fields.values = `A rule holds at most ${maxValues} values on your plan.`;
    const sites = await repo.sites(ctx.publisherId);
    if (input.siteIds) {
      const unknown = input.siteIds.filter((id) => !sites.some((s) => s.id === id));
      if (unknown.length) fields.siteIds = `Not a site of this publisher: ${unknown.join(', ')}.`;
    }
    // A rule that contradicts itself or can never match is refused like a bad value.
    for (const [k, v] of Object.entries(ruleContradictions({ type: input.type, values, indexes, siteIds: input.siteIds, sites })))
      fields[k] ??= v;
    if (input.expiresAt && (Number.isNaN(Date.parse(`${input.expiresAt}T00:00:00Z`)) || input.expiresAt < today()))
      fields.expiresAt = 'Choose today or a later day.';
    if (Object.keys(fields).length) throw badRequest('Check the highlighted fields.', fields);
    const notices: string[] = duplicates.map((d) => `"${d}" was listed more than once; it is kept once.`);
    const siteIds = input.siteIds ? [...new Set(input.siteIds)] : null;
    for (const other of await repo.list(ctx.publisherId)) {
      if (other.id === excludeId || other.status === 'expired' || other.type !== input.type || !overlaps(other.site_ids, siteIds)) continue;
      const shared = values.filter((v) => other.rule_values.some((o) => o.toLowerCase() === v.toLowerCase()));
      if (shared.length === values.length && shared.length === other.rule_values.length)
        notices.push(`Rule "${other.name}" already blocks exactly these values${other.status === 'paused' ? ' (it is paused)' : ''}.`);
      else if (shared.length)
        notices.push(
          `Rule "${other.name}" already blocks ${shared.slice(0, 5).join(', ')}${shared.length > 5 ? ` and ${shared.length - 5} more` : ''}.`,
        );
    }
    const write: RuleWrite = { name: input.name.trim(), type: input.type, values, siteIds, expiresAt: input.expiresAt };
    return { write, notices };
  }

  async function load(ctx: RuleCtx, id: string): Promise<RuleRow> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('This blocking rule does not exist.');
    const row = await repo.get(ctx.publisherId, id);
    if (!row) throw notFound('This blocking rule does not exist.');
    return row;
  }

  function diff(before: RuleRow, after: RuleWrite) {
    const changes: Record<string, unknown> = {};
    if (before.name !== after.name) changes.name = { from: before.name, to: after.name };
    if (before.type !== after.type) changes.type = { from: before.type, to: after.type };
    const added = after.values.filter((v) => !before.rule_values.includes(v));
    const removed = before.rule_values.filter((v) => !after.values.includes(v));
    if (added.length || removed.length) changes.values = { added, removed };
    if (JSON.stringify(before.site_ids) !== JSON.stringify(after.siteIds)) changes.siteIds = { from: before.site_ids, to: after.siteIds };
    if (before.expires_at !== after.expiresAt) changes.expiresAt = { from: before.expires_at, to: after.expiresAt };
    return changes;
  }

  return {
    sweepExpired,
    async list(ctx: RuleCtx): Promise<BlockingRule[]> {
      await sweepExpired();
      return (await repo.list(ctx.publisherId)).map(toRule);
    },
    async get(ctx: RuleCtx, id: string): Promise<BlockingRule> {
      await sweepExpired();
      return toRule(await load(ctx, id));
    },
    async check(ctx: RuleCtx, input: BlockingRuleInput, excludeId: string | null) {
      const { write, notices } = await validate(ctx, input, excludeId);
      return { values: write.values, notices };
    },
    async create(ctx: RuleCtx, input: BlockingRuleInput): Promise<BlockingRuleSaved> {
      const { write, notices } = await validate(ctx, input, null);
      const id = await inTransaction(db, async (trx) => {
        // Counted inside the transaction, under a per-publisher lock, so two saves cannot pass the limit together.
        await publisherRecords(trx).lock(ctx.publisherId);
        // The plan's LIMIT flag when defined, the configured limit otherwise; 403 like every plan limit.
        await entitlements(trx).assertBelowLimit(ctx.publisherId, MAX_RULES_FLAG, await blockingRulesRepo(trx).countLive(ctx.publisherId), {
          thing: 'blocking rule',
          remedy: 'Delete or merge rules first',
          fallback: limits.maxRulesPerPublisher,
        });
        const newId = await blockingRulesRepo(trx).insert(ctx.publisherId, ctx.uid, write);
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'blocking_rule.create',
          details: {
            ruleId: newId,
            name: write.name,
            type: write.type,
            values: write.values,
            siteIds: write.siteIds,
            expiresAt: write.expiresAt,
          },
        });
        return newId;
      });
      return { rule: toRule((await repo.get(ctx.publisherId, id))!), notices };
    },
    /** What a rule's impact preview is priced for: the publisher's sites, in its currency. */
    async impactSubject(publisherId: string) {
      const [sites, currency] = await Promise.all([repo.sites(publisherId), publisherRecords(db).currencyOf(publisherId)]);
      return { id: publisherId, currency, sites };
    },
    async update(ctx: RuleCtx, id: string, input: BlockingRuleInput): Promise<BlockingRuleSaved> {
      const before = await load(ctx, id);
      const { write, notices } = await validate(ctx, input, id);
      // Editing an expired rule with a new future expiry brings it back as active.
      const status = before.status === 'expired' ? 'active' : before.status;
      await inTransaction(db, async (trx) => {
        await blockingRulesRepo(trx).update(ctx.publisherId, id, ctx.uid, write, status);
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'blocking_rule.update',
          details: { ruleId: id, name: write.name, changes: diff(before, write) },
        });
      });
      return { rule: toRule((await repo.get(ctx.publisherId, id))!), notices };
    },
    async setPaused(ctx: RuleCtx, id: string, paused: boolean): Promise<BlockingRule> {
      const before = await load(ctx, id);
      if (before.status === 'expired') throw conflict('This rule has expired. Edit it and set a later expiry date to use it again.');
      const status = paused ? 'paused' : 'active';
      if (before.status !== status)
        await inTransaction(db, async (trx) => {
          await blockingRulesRepo(trx).setStatus(ctx.publisherId, id, ctx.uid, status);
          await auditRepo(trx).record({
            actorUserId: ctx.uid,
            publisherId: ctx.publisherId,
            action: paused ? 'blocking_rule.pause' : 'blocking_rule.resume',
            details: { ruleId: id, name: before.name },
          });
        });
      return toRule((await repo.get(ctx.publisherId, id))!);
    },
    async remove(ctx: RuleCtx, id: string): Promise<void> {
      const before = await load(ctx, id);
      await inTransaction(db, async (trx) => {
        await blockingRulesRepo(trx).remove(ctx.publisherId, id);
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'blocking_rule.delete',
          details: { ruleId: id, name: before.name, type: before.type, values: before.rule_values, siteIds: before.site_ids },
        });
      });
    },
    async history(ctx: RuleCtx, id: string): Promise<BlockingRuleHistoryEntry[]> {
      // A deleted rule's history stays readable (the audit log outlives the row).
      const rows = await repo.history(ctx.publisherId, id);
      if (rows.length === 0) await load(ctx, id);
      return rows.map((r) => {
        const details = (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown> | null;
        const { ruleId: _ruleId, ...rest } = details ?? {};
        void _ruleId;
        return {
          at: new Date(r.created_at).toISOString(),
          action: r.action.replace('blocking_rule.', ''),
          actor: r.email ?? (r.action === 'blocking_rule.expire' ? 'System (expiry)' : null),
          changes: (rest.changes as Record<string, unknown> | undefined) ?? rest,
        };
      });
    },
    typeLabel: (t: BlockingRuleType) => BLOCKING_RULE_TYPE_LABELS[t],
  };
}
export type BlockingRulesService = ReturnType<typeof createBlockingRulesService>;
