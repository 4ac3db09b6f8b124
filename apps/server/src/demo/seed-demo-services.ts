import { createHash } from 'node:crypto';
import { API_KEY_PREFIX, DEFAULT_PLAN_ID, type FlagValue } from '@pc/contracts';
import type { Db } from '../db/pool';
import { hashSecret, shownPrefix } from '../lib/issued-keys';
import { DEMO_EMAILS } from './demo-data';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Which plan each demo publisher is on, and since how many days. */
const PLANS: { publisherId: string; planId: string; daysAgo: number }[] = [
  { publisherId: '1001', planId: 'growth', daysAgo: 120 },
  { publisherId: '1002', planId: 'growth', daysAgo: 60 },
  { publisherId: '1003', planId: 'growth', daysAgo: 200 },
  { publisherId: '1004', planId: 'starter', daysAgo: 30 },
];

/** Activated site-tag services (the spec's product status); data arrives through the site-tag seed. */
const ACTIVATIONS: { publisherId: string; siteId: string; serviceId: string; daysAgo: number }[] = [
  { publisherId: '1002', siteId: '5101', serviceId: 'audience', daysAgo: 45 },
  { publisherId: '1002', siteId: '5101', serviceId: 'performance', daysAgo: 45 },
  { publisherId: '1003', siteId: '5201', serviceId: 'audience', daysAgo: 150 },
];

/** Confirmed data integrations: 5201 becomes Fully Onboarded, 5202 Data Integration. */
const INTEGRATIONS = [
  { publisherId: '1003', siteId: '5201', dataSource: 'Adobe Analytics', contact: 'Priya Shah', daysAgo: 140 },
  { publisherId: '1003', siteId: '5202', dataSource: 'Salesforce Marketing Cloud', contact: 'Priya Shah', daysAgo: 35 },
];

/** Stable, never-shown secrets: only their SHA-256 is stored, like a real key's. */
const API_KEYS = [
  { publisherId: '1002', name: 'Looker Studio connector', access: 'read' as const, by: 'single' as const, daysAgo: 40, usedHoursAgo: 3 },
  { publisherId: '1003', name: 'Nightly BI export', access: 'read_write' as const, by: 'multi' as const, daysAgo: 90, usedHoursAgo: 20 },
  {
    publisherId: '1003',
    name: 'Old agency script',
    access: 'read' as const,
    by: 'multi' as const,
    daysAgo: 300,
    usedHoursAgo: 24 * 25,
    revokedDaysAgo: 21,
  },
];

/**
 * Services, plans and API keys of the demo world, so /services, /my-plans,
 * /integrations and the staff queues are alive on `npm start`: Blue Harbor's site is a Site
 * Integration, Evergreen has a Fully Onboarded and a Data Integration site, Summit is on Starter
 * and Non-Onboarded, and staff find a pending plan change (Evergreen to Enterprise) and two
 * pending service requests. Northwind (1001) keeps no services or keys: the journeys start it from
 * nothing. Runs once (the plans rows mark it done); only on the `npm start` demo path, not in the
 * API tests' seed.
 */
export async function seedDemoServices(db: Db): Promise<boolean> {
  const done = await db.selectFrom('publisher_plans').select('publisher_id').where('publisher_id', '=', '1004').executeTakeFirst();
  if (done) return false;
  const users = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', Object.values(DEMO_EMAILS)).execute();
  const uid = (role: keyof typeof DEMO_EMAILS) => users.find((u) => u.email === DEMO_EMAILS[role])?.id ?? null;
  const admin = uid('admin');
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);

  const ctx: Ctx = { uid, admin, ago };
  await db.transaction().execute(async (trx) => {
    await seedPlans(trx, ctx);
    await seedServiceState(trx, ctx);
    await seedApiKeys(trx, ctx);
  });
  return true;
}

interface Ctx {
  uid: (role: keyof typeof DEMO_EMAILS) => string | null;
  admin: string | null;
  ago: (ms: number) => Date;
}

/** Each publisher's plan with its flag overrides, an admin's override, and plan change requests decided and pending. */
async function seedPlans(trx: Db, { uid, admin, ago }: Ctx) {
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
  // Blue Harbor's account manager allows it 1-minute checks beyond its Growth plan (an admin's
  // override wins over the plan): its monitors may check every minute, Northwind's 1-minute
  // monitors run above their plan until next edited, and Summit's form offers 15 minutes or 1 hour.
  await trx
    .insertInto('feature_flag_overrides')
    .values({
      flag_key: 'uptime.check_intervals',
      publisher_id: '1002',
      value: JSON.stringify(['1', '5', '15', '60']),
      updated_by: admin,
      source: 'admin',
    })
    .onConflict((oc) => oc.columns(['flag_key', 'publisher_id']).doNothing())
    .execute();
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
}

/** Activated services, confirmed data integrations and two pending service requests. */
async function seedServiceState(trx: Db, { uid, ago }: Ctx) {
  for (const a of ACTIVATIONS)
    await trx
      .insertInto('site_services')
      .values({
        site_id: a.siteId,
        service_id: a.serviceId,
        publisher_id: a.publisherId,
        status: 'ACTIVATED',
        requested_at: ago(a.daysAgo * DAY + HOUR),
        requested_by: uid(a.publisherId === '1002' ? 'single' : 'multi'),
        activated_at: ago(a.daysAgo * DAY),
      })
      .onConflict((oc) => oc.columns(['site_id', 'service_id']).doNothing())
      .execute();
  for (const i of INTEGRATIONS)
    await trx
      .insertInto('data_integrations')
      .values({
        publisher_id: i.publisherId,
        site_id: i.siteId,
        data_source: i.dataSource,
        contact_name: i.contact,
        contact_email: 'data@evergreen-digital.example',
        status: 'CONFIRMED',
        initiated_at: ago(i.daysAgo * DAY + 5 * DAY),
        initiated_by: uid('multi'),
        confirmed_at: ago(i.daysAgo * DAY),
        confirmed_by: uid('staff'),
      })
      .execute();

  await trx
    .insertInto('service_requests')
    .values([
      {
        publisher_id: '1002',
        kind: 'product_demo',
        service_id: 'blocking',
        message: 'Could you show us how category blocking works for our German audience? Any afternoon next week.',
        created_by: uid('single'),
        created_at: ago(26 * HOUR),
      },
      {
        publisher_id: '1003',
        kind: 'data_source',
        data_source: 'Piano subscriptions',
        message: 'Subscriber counts per site, daily.',
        created_by: uid('multi'),
        created_at: ago(5 * HOUR),
      },
    ])
    .execute();
}

/** API keys, one of them revoked. */
async function seedApiKeys(trx: Db, { uid, ago }: Ctx) {
  for (const k of API_KEYS) {
    const by = uid(k.by);
    if (!by) continue;
    // A fixed secret per key (the demo is the same on every start), kept as the issued-key store keeps one.
    const secret =
      API_KEY_PREFIX + createHash('sha256').update(`partners-center demo api key ${k.publisherId} ${k.name}`).digest('base64url');
    await trx
      .insertInto('api_keys')
      .values({
        publisher_id: k.publisherId,
        name: k.name,
        prefix: shownPrefix(secret),
        key_hash: hashSecret(secret),
        access: k.access,
        created_by: by,
        created_at: ago(k.daysAgo * DAY),
        last_used_at: ago(k.usedHoursAgo * HOUR),
        revoked_at: k.revokedDaysAgo ? ago(k.revokedDaysAgo * DAY) : null,
        revoked_by: k.revokedDaysAgo ? by : null,
      })
      .onConflict((oc) => oc.column('key_hash').doNothing())
      .execute();
  }
}
