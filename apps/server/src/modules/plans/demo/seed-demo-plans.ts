import { DEFAULT_PLAN_ID, type FlagValue } from '@pc/contracts';
import type { Db } from '../../../db/pool';
import type { DemoSeedContext } from '../../../demo/demo-data';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Which plan each demo publisher is on, and since how many days. */
const PLANS: { publisherId: string; planId: string; daysAgo: number }[] = [
  { publisherId: '1001', planId: 'growth', daysAgo: 120 },
  { publisherId: '1002', planId: 'growth', daysAgo: 60 },
  { publisherId: '1003', planId: 'growth', daysAgo: 200 },
  { publisherId: '1004', planId: 'starter', daysAgo: 30 },
];

/**
 * Each demo publisher's plan with its flag overrides, and plan change requests decided and pending
 * (Summit moved to Starter, Evergreen asks for Enterprise). Returns false, writing nothing, when
 * Summit already has its plan: the services demo ran before. Written directly rather than through
 * plansRepo, whose writes stamp now(): each plan and request keeps its date in the past.
 */
export async function seedDemoPlans(trx: Db, { uid, ago }: DemoSeedContext): Promise<boolean> {
  const done = await trx.selectFrom('publisher_plans').select('publisher_id').where('publisher_id', '=', '1004').executeTakeFirst();
  if (done) return false;
  const admin = uid('admin');
  const plans = await trx.selectFrom('plans').select(['id', 'flag_values']).execute();
  const defaults = await trx.selectFrom('feature_flags').select(['key', 'default_value']).execute();
  for (const p of PLANS) {
    await trx
      .insertInto('publisher_plans')
      .values({ publisher_id: p.publisherId, plan_id: p.planId, since: ago(p.daysAgo * DAY), changed_by: admin })
      .onConflict((oc) => oc.column('publisher_id').doNothing())
      .execute();
    if (p.planId === DEFAULT_PLAN_ID) continue;
    // The plan's values as plan overrides, where they differ from the defaults (what approval writes).
    const values = plans.find((x) => x.id === p.planId)!.flag_values as Record<string, FlagValue>;
    for (const [key, value] of Object.entries(values)) {
      const def = defaults.find((d) => d.key === key);
      if (!def || JSON.stringify(def.default_value) === JSON.stringify(value)) continue;
      await trx
        .insertInto('feature_flag_overrides')
        .values({ flag_key: key, publisher_id: p.publisherId, value: JSON.stringify(value), updated_by: admin, source: 'plan' })
        .onConflict((oc) => oc.columns(['flag_key', 'publisher_id']).doNothing())
        .execute();
    }
  }
  // History: Summit's move to Starter, approved by an admin; Evergreen's pending upgrade.
  await trx
    .insertInto('plan_change_requests')
    .values([
      {
        publisher_id: '1004',
        plan_id: 'starter',
        status: 'approved',
        message: 'One site for now: please move us to Starter at renewal.',
        requested_by: uid('staff'),
        requested_at: ago(31 * DAY),
        decided_by: admin,
        decided_at: ago(30 * DAY),
        decision_reason: 'Renewal on the first of the month, as agreed with Alex Morgan.',
      },
      {
        publisher_id: '1003',
        plan_id: 'enterprise',
        message: 'We launch two more Evergreen sites in the spring and need more monitors and a year of report history.',
        requested_by: uid('multi'),
        requested_at: ago(2 * DAY + 3 * HOUR),
      },
    ])
    .execute();
  return true;
}
