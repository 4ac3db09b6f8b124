import {
  DEFAULT_PLAN_ID,
  flagValueProblem,
  type FlagShape,
  type FlagValue,
  type MyPlan,
  type Plan,
  type PlanChangeRequest,
  type PlanUsage,
} from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { publisherRecipients } from '../../mail/publisher-recipients';
import { auditRepo } from '../audit';
import { entitlements } from '../feature-flags';
import { createSiteStatusService } from '../site-status';
import { checkDecisionReason, SERVICES_MAIL_QUEUE, type ServicesMailPayload } from '../services';
import { plansRepo } from './plans.repo';

const conflict = (message: string) => new HttpError(409, message, 'Conflict');

/** The limits /my-plans shows usage against: flag key, label, and how the area counts it. */
const USAGE: { key: string; label: string; count?: { table: string; where?: string } }[] = [
  { key: 'uptime.max_monitors', label: 'Uptime monitors', count: { table: 'monitors' } },
  { key: 'blocking_rules.max_rules', label: 'Blocking rules', count: { table: 'blocking_rules', where: "status <> 'expired'" } },
  { key: 'integrations.max_api_keys', label: 'API keys', count: { table: 'api_keys', where: 'revoked_at IS NULL' } },
  { key: 'data.retention_days', label: 'Data retention (days)' },
];

type RequestRow = NonNullable<Awaited<ReturnType<ReturnType<typeof plansRepo>['pendingOf']>>>;
const toRequest = (r: RequestRow): PlanChangeRequest => ({
  id: r.id,
  publisherId: r.publisher_id,
  publisherName: r.publisher_name,
  planId: r.plan_id,
  planName: r.plan_name,
  status: r.status,
  message: r.message,
  requestedBy: r.requested_by,
  requestedAt: r.requested_at.toISOString(),
  decidedAt: r.decided_at?.toISOString() ?? null,
  decisionReason: r.decision_reason,
});

/** Plans on feature flags: choosing a plan writes its values as the publisher's overrides. */
export function createPlansService(d: { db: Db; jobs: JobQueue; staffEmail: string; productName: string }) {
  const { db } = d;
  const repo = plansRepo(db);
  const siteStatus = createSiteStatusService(db);

  async function catalogue(): Promise<Plan[]> {
    const [plans, defs] = await Promise.all([repo.plans(), repo.flagDefinitions()]);
    return plans.map((p) => {
      // A Map, not the JSON object: a flag named like an object property (`constructor`) must not
      // read Object.prototype's member as the plan's value.
      const values = new Map(Object.entries(p.flag_values as Record<string, unknown>));
      return {
        id: p.id,
        name: p.name,
        summary: p.summary,
        features: defs
          .filter((f) => values.has(f.key))
          .map((f) => ({ key: f.key, shape: f.shape as FlagShape, description: f.description, value: values.get(f.key) as FlagValue })),
      };
    });
  }

  /**
   * Writes the plan's values as plan overrides, records the choice and its audit row (caller's
   * transaction). A flag an admin overrode for this publisher keeps the admin's value: the admin
   * decided for this publisher on purpose, a plan is the general package (the audit says which).
   */
  async function applyPlan(trx: Db, actor: string, publisherId: string, plan: Plan): Promise<void> {
    const r = plansRepo(trx);
    const before = await entitlements(trx).all(publisherId);
    const kept = await r.adminOverrideKeys(publisherId);
    for (const f of plan.features) {
      const problem = flagValueProblem(f.shape, f.value);
      if (problem) throw new Error(`plan ${plan.id}: ${f.key}: ${problem}`);
      if (!kept.has(f.key)) await r.setPlanOverride(f.key, publisherId, f.value, actor);
    }
    await r.setChosen(publisherId, plan.id, actor);
    await auditRepo(trx).record({
      actorUserId: actor,
      publisherId,
      action: 'plan.change',
      details: {
        planId: plan.id,
        before: Object.fromEntries(before.filter((b) => plan.features.some((f) => f.key === b.key)).map((b) => [b.key, b.value])),
        after: Object.fromEntries(plan.features.filter((f) => !kept.has(f.key)).map((f) => [f.key, f.value])),
        keptAdminOverrides: plan.features.filter((f) => kept.has(f.key)).map((f) => f.key),
      },
    });
  }

  return {
    catalogue,

    async mine(publisherId: string): Promise<MyPlan> {
      const [plans, chosen, sites, flags, pending] = await Promise.all([
        catalogue(),
        repo.chosen(publisherId),
        // The same active sites, in the same order, as Services and Setup (modules/site-status).
        siteStatus
          .statusesOf(publisherId)
          .then(({ statuses }) => statuses.map(({ site }) => ({ id: site.id, name: site.name, domain: site.domain }))),
        entitlements(db).all(publisherId),
        repo.pendingOf(publisherId),
      ]);
      const plan = plans.find((p) => p.id === (chosen?.plan_id ?? DEFAULT_PLAN_ID)) ?? plans[0]!;
      const usage: PlanUsage[] = [];
      for (const u of USAGE) {
        const limit = flags.find((f) => f.key === u.key)?.value;
        if (typeof limit !== 'number') continue;
        const used = u.count ? await repo.countIfTable(u.count.table, publisherId, u.count.where) : null;
        usage.push({ key: u.key, label: u.label, used, limit });
      }
      return {
        plan,
        chosen: !!chosen,
        since: chosen?.since.toISOString() ?? null,
        sites: sites.map((s) => ({ ...s, planId: plan.id })),
        usage,
        pendingRequest: pending ? toRequest(pending) : null,
      };
    },

    async requestChange(actor: string, publisherId: string, planId: string, message: string): Promise<PlanChangeRequest> {
      const plan = (await catalogue()).find((p) => p.id === planId);
      if (!plan) throw badRequest('Choose one of the plans.', { planId: 'No such plan.' });
      if (((await repo.chosen(publisherId))?.plan_id ?? DEFAULT_PLAN_ID) === planId) throw conflict(`You are on ${plan.name} already.`);
      return inTransaction(db, async (trx) => {
        const r = plansRepo(trx);
        const id = await r.insertRequest(publisherId, planId, message, actor);
        if (!id) throw conflict('A plan change is waiting for our team already; you will hear from us soon.');
        await auditRepo(trx).record({ actorUserId: actor, publisherId, action: 'plan.request', details: { id, planId, message } });
        const row = (await r.requestForUpdate(id))!;
        await d.jobs.enqueue<ServicesMailPayload>(
          SERVICES_MAIL_QUEUE,
          {
            to: [d.staffEmail],
            subject: `${d.productName}: ${row.publisher_name} asks to move to ${plan.name}`,
            text: `${row.requested_by} (${row.publisher_name}, publisher ${publisherId}) asks to move to ${plan.name}.\n${message ? `\n${message}\n` : ''}`,
          },
          { db: trx },
        );
        return toRequest(row);
      });
    },

    list: async (status: 'pending' | null) => (await repo.list(status)).map(toRequest),

    /**
     * Staff decision; approving applies the plan's flag values at once. The decision, the plan's
     * overrides, the audit row and the job that mails the publisher commit in one transaction.
     */
    async decide(actor: string, id: string, decision: 'approved' | 'rejected', reason = ''): Promise<PlanChangeRequest> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('No such plan request.');
      const plans = await catalogue();
      return inTransaction(db, async (trx) => {
        const r = plansRepo(trx);
        const row = await r.requestForUpdate(id);
        if (!row) throw notFound('No such plan request.');
        if (row.status !== 'pending') throw conflict(`This request was ${row.status} already.`);
        checkDecisionReason(decision, reason);
        await r.decide(id, decision, reason, actor);
        if (decision === 'approved')
          await applyPlan(
            trx,
            actor,
            row.publisher_id,
            plans.find((p) => p.id === row.plan_id)!,
          );
        else
          await auditRepo(trx).record({
            actorUserId: actor,
            publisherId: row.publisher_id,
            action: 'plan.reject',
            details: { id, reason },
          });
        const recipients = await publisherRecipients(trx, row.publisher_id);
        if (recipients.length > 0)
          await d.jobs.enqueue<ServicesMailPayload>(
            SERVICES_MAIL_QUEUE,
            {
              to: recipients,
              subject: `${d.productName}: your move to ${row.plan_name} was ${decision}`,
              text:
                (decision === 'approved'
                  ? `${row.publisher_name} is on ${row.plan_name} from now on; its limits apply at once.\n`
                  : `We cannot move ${row.publisher_name} to ${row.plan_name} for now.\n`) + (reason ? `\n${reason}\n` : ''),
            },
            { db: trx },
          );
        return toRequest((await r.requestForUpdate(id))!);
      });
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
