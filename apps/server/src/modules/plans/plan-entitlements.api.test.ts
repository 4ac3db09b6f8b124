import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayToEpochNoon, earliestReportDay, shiftDays, todayIn, type FlagValue, type Plan } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { startLocalTestServer, type LocalTestServer } from '../../../test/local-test-server';
import { demoFactsOptions } from '../../demo/seed-demo-facts';
import { DuckDbReportEngine } from '../../report-engine/duckdb-engine';
import { generateDemoFacts } from '../reports';
import { monitorResultsPartitionsRepo } from '../monitors/monitor-results-partitions.repo';
import { expireMonitorResults } from '../monitors/monitor-retention';
import { expireSiteTagEvents } from '../site-tag/site-tag.retention';
import { duckDbSiteTagStore, type StoredTagEvent } from '../site-tag/site-tag.store';

/**
 * Every feature every plan of the seeded catalogue sells is enforced: for each one, a request
 * within the plan succeeds and one beyond it is refused (or, for retention, not served and then
 * deleted). A feature key with no case below fails the first test: a feature cannot be sold
 * without its enforcement. Each plan runs on its own publisher, moved to it by a staff approval.
 */
const PUBLISHER_OF: Record<string, string> = { starter: '1004', growth: '1002', enterprise: '1003' };
const DAY = 86_400_000;

let t: TestApp;
let admin: string;
let staff: string;
let target: LocalTestServer;
let catalogue: Plan[];

beforeAll(async () => {
  target = await startLocalTestServer((_req, res) => res.writeHead(200).end('ok'));
  t = await createTestApp({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1', UPTIME_MIN_INTERVAL_SECONDS: '30' });
  admin = (await signIn(t.app, DEMO.admin)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
  catalogue = (await call('1001', 'GET', '/api/plans')).json();
  for (const plan of catalogue) {
    const req = await call(PUBLISHER_OF[plan.id]!, 'POST', '/api/my-plans/requests', { planId: plan.id });
    if (req.statusCode === 409) continue; // already on it (the default plan)
    const ok = await t.app.inject({ method: 'POST', url: `/api/staff/plan-requests/${req.json().id}/approve`, headers: bearer(staff) });
    expect(ok.statusCode, ok.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  await target.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(publisher: string, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(admin, publisher), ...(payload ? { payload } : {}) });
}
/** A plan refusal: 403, the one wording, naming the publisher's plan and the way up. */
function expectRefused(res: { statusCode: number; body: string }, plan: Plan) {
  expect(res.statusCode, res.body).toBe(403);
  expect(JSON.parse(res.body).message).toMatch(new RegExp(`${plan.name} plan.*[Rr]equest a larger plan on the Plans page\\.$`));
}
const override = (key: string, publisherId: string, value: FlagValue) =>
  t.db
    .insertInto('feature_flag_overrides')
    .values({ flag_key: key, publisher_id: publisherId, value: JSON.stringify(value), source: 'admin' })
    .onConflict((oc) => oc.columns(['flag_key', 'publisher_id']).doUpdateSet({ value: JSON.stringify(value), source: 'admin' }))
    .execute();

/** `n` rows of `table` for the publisher, made directly: the API then adds the one at the limit. */
async function fill(table: 'monitors' | 'blocking_rules' | 'api_keys', pub: string, n: number) {
  await sql`DELETE FROM ${sql.table(table)} WHERE publisher_id = ${pub}`.execute(t.db);
  if (n <= 0) return;
  const rows =
    table === 'monitors'
      ? sql`INSERT INTO monitors (publisher_id, name, url, method, retries, interval_seconds, timeout_seconds, accepted_status_codes,
          keyword_mode, cert_expiry_days, follow_redirects, notify_emails, next_check_at, paused)
          SELECT ${pub}, 'Filler ' || g, 'https://filler.example/', 'GET', 0, 3600, 5, '{200-299}', 'contains', 0, true, '{}', now() + interval '1 day', true
          FROM generate_series(1, ${n}) g`
      : table === 'blocking_rules'
        ? sql`INSERT INTO blocking_rules (publisher_id, name, type, rule_values) SELECT ${pub}, 'Filler ' || g, 'keyword', '["filler"]' FROM generate_series(1, ${n}) g`
        : sql`INSERT INTO api_keys (publisher_id, name, prefix, key_hash, access, created_by)
            SELECT ${pub}, 'Filler ' || g, 'pck_filler', md5(${pub} || g), 'read', (SELECT id FROM users WHERE admin_access LIMIT 1) FROM generate_series(1, ${n}) g`;
  await rows.execute(t.db);
}

const monitor = (intervalSeconds: number) => ({
  name: 'Entitled',
  url: target.url('127.0.0.1', '/'),
  siteId: null,
  intervalSeconds,
  timeoutSeconds: 5,
  retries: 0,
  acceptedStatusCodes: ['200-299'],
  certExpiryDays: 0,
});
const minutes = (plan: Plan) => (plan.features.find((f) => f.key === 'uptime.check_intervals')!.value as string[]).map(Number);

/** What "within" and "beyond" mean for each feature; `value` is the plan's. */
type Case = (plan: Plan, pub: string, value: FlagValue, key: string) => Promise<void>;
const LIMIT_OF: Record<string, { table: 'monitors' | 'blocking_rules' | 'api_keys'; create: (plan: Plan, i: number) => [string, object] }> =
  {
    'uptime.max_monitors': { table: 'monitors', create: (plan) => ['/api/monitors', monitor(minutes(plan)[0]! * 60)] },
    'blocking_rules.max_rules': {
      table: 'blocking_rules',
      create: (_p, i) => [
        '/api/blocking-rules',
        { name: `Entitled ${i}`, type: 'keyword', values: [`word${i}`], siteIds: null, expiresAt: null },
      ],
    },
    'integrations.max_api_keys': {
      table: 'api_keys',
      create: (_p, i) => ['/api/integrations/api-keys', { name: `Tool ${i}`, access: 'read' }],
    },
  };
const countLimit: Case = async (plan, pub, value, key) => {
  const { table, create } = LIMIT_OF[key]!;
  await fill(table, pub, (value as number) - 1);
  const [url, body] = create(plan, 1);
  expect((await call(pub, 'POST', url, body)).statusCode).toBeLessThan(300);
  const [url2, body2] = create(plan, 2);
  expectRefused(await call(pub, 'POST', url2, body2), plan);
  await fill(table, pub, 0);
};

const ENFORCEMENT: Record<string, Case> = {
  'uptime.max_monitors': countLimit,
  'blocking_rules.max_rules': countLimit,
  'integrations.max_api_keys': countLimit,
  'uptime.check_intervals': async (plan, pub) => {
    await fill('monitors', pub, 0);
    const allowed = minutes(plan);
    const created = await call(pub, 'POST', '/api/monitors', monitor(allowed[0]! * 60));
    expect(created.statusCode, created.body).toBe(201);
    const outside = [1, 2, 5, 15, 60].find((m) => !allowed.includes(m))! * 60;
    const refused = await call(pub, 'POST', '/api/monitors', monitor(outside));
    expectRefused(refused, plan);
    expect(refused.json().fields).toHaveProperty('intervalSeconds');
    expectRefused(await call(pub, 'PUT', `/api/monitors/${created.json().id}`, monitor(outside)), plan);
    expect((await call(pub, 'PUT', `/api/monitors/${created.json().id}`, monitor(allowed.at(-1)! * 60))).statusCode).toBe(200);
    await fill('monitors', pub, 0);
  },
  'integrations.webhooks': async (plan, pub, value) => {
    const hook = { name: 'Entitled', url: target.url('127.0.0.1', '/hook'), format: 'json', events: ['incident.opened'], enabled: true };
    if (value === true) expect((await call(pub, 'POST', '/api/integrations/webhooks', hook)).statusCode).toBeLessThan(300);
    else expect((await call(pub, 'GET', '/api/integrations/webhooks')).json().planAllows).toBe(false);
    // Beyond: the feature off for this publisher (the plan's own value when the plan leaves it out).
    if (value === true) await override('integrations.webhooks', pub, false);
    expectRefused(await call(pub, 'POST', '/api/integrations/webhooks', hook), plan);
  },
  'payments.statements': async (_plan, pub, value) => {
    const payment = await t.db
      .insertInto('payments')
      .values({
        publisher_id: pub,
        period: '2026-01',
        currency: 'USD',
        revenue: 120,
        rollover_in: 0,
        adjustments: 0,
        amount: 120,
        rollover_out: 0,
        threshold: 50,
        site_revenue: JSON.stringify([]),
        status: 'pending',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const csv = () => call(pub, 'GET', `/api/payments/${payment.id}/statement.csv`);
    if (value === true) expect((await csv()).statusCode).toBe(200);
    // An account switch, not a tier (every plan has it): refused with the gate's own wording.
    await override('payments.statements', pub, false);
    expect((await csv()).json()).toMatchObject({ name: 'FeatureDisabled' });
  },
  'reports.history_extension_days': async (plan, pub, value) => {
    const earliest = earliestReportDay(todayIn('UTC'), value as number);
    const report = (from: string, compare?: 'previous' | 'yearAgo') =>
      call(
        pub,
        'GET',
        `/api/partner-center/report?${new URLSearchParams({
          reportType: 'revenue',
          publisherId: pub,
          dateFrom: String(dayToEpochNoon(from)),
          dateTo: String(dayToEpochNoon(shiftDays(from, 10))),
          metrics: 'revenue',
          interval: 'Cumulative',
          ...(compare ? { compare } : {}),
        })}`,
      );
    expect((await report(earliest)).statusCode).toBe(200);
    const before = await report(shiftDays(earliest, -1));
    expectRefused(before, plan);
    expect(before.json().fields).toHaveProperty('dateFrom');
    // Compared days are facts too, but a comparison reaching before the history does not refuse
    // the report: the days before it are not read, so the comparison is partial (or empty) and
    // explains nothing. The 11 days before a range that starts 11 days in are all inside.
    type Answer = { comparison?: { changes: Record<string, { kind: string }> } };
    const facts = demoFactsOptions(shiftDays(earliest, 20));
    await generateDemoFacts(t.built.engine, { ...facts, months: 2, publishers: facts.publishers.filter((p) => p.id === pub) });
    const comparedKind = async (from: string, compare: 'previous' | 'yearAgo') => {
      const res = await report(from, compare);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Answer).comparison?.changes.revenue?.kind;
    };
    expect(await comparedKind(shiftDays(earliest, 11), 'previous')).not.toMatch(/partialData|noData/);
    expect(await comparedKind(earliest, 'previous')).toBe('noData');
    expect(await comparedKind(shiftDays(earliest, 5), 'previous')).toBe('partialData');
    const change = (from: string, compare: 'previous' | 'yearAgo') =>
      call(pub, 'GET', `/api/partner-center/revenue-change?${new URLSearchParams({ from, to: shiftDays(from, 10), compare })}`);
    const partial = await change(shiftDays(earliest, 5), 'previous');
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().explanation).toEqual({ kind: 'partialData' });
    expect(partial.json().revenue.previous).toBeGreaterThan(0);
  },
  'data.retention_days': async (_plan, pub, value) => retentionCase(pub, value as number),
};

/** Raw monitor results and site-tag events: a day inside the retention is served and kept, one past it is neither. */
async function retentionCase(pub: string, days: number) {
  const now = Date.now();
  const within = now - (days - 1) * DAY;
  const beyond = now - (days + 1) * DAY;
  await fill('monitors', pub, 1);
  const { id } = await t.db.selectFrom('monitors').select('id').where('publisher_id', '=', pub).executeTakeFirstOrThrow();
  const partitions = monitorResultsPartitionsRepo(t.db);
  for (const at of [within, beyond]) await partitions.ensure(new Date(at), new Date(at));
  for (const at of [within, beyond])
    await sql`INSERT INTO monitor_results (monitor_id, scheduled_at, at, ok, total_ms) VALUES (${id}, ${new Date(at)}, ${new Date(at)}, true, 5)`.execute(
      t.db,
    );
  const served = (await call(pub, 'GET', `/api/monitors/${id}/results?limit=50`)).json() as { at: string }[];
  expect(served.map((r) => Date.parse(r.at))).toEqual([within]);
  await expireMonitorResults(t.db, { fallbackDays: 7, rollupDays: 400, now });
  const kept = await t.db.selectFrom('monitor_results').select('scheduled_at').where('monitor_id', '=', id).execute();
  expect(kept.map((r) => r.scheduled_at.getTime())).toEqual([within]);

  if (!(t.built.engine instanceof DuckDbReportEngine)) return;
  const store = duckDbSiteTagStore(t.built.engine);
  const event = (ts: number, pageId: string): StoredTagEvent => ({
    ts, publisherId: pub, siteId: `site-${pub}`, kind: 'pv', pageId, visitor: 1n, path: '/', template: '', entry: true, referrer: '',
    source: '', medium: '', campaign: '', device: 'desktop', browser: 'other', country: 'US', engagedMs: null, scrollPct: null,
    metric: '', value: null, attribution: '', weight: 1,
  }); // prettier-ignore
  await store.append([event(within, `within-${pub}`), event(beyond, `beyond-${pub}`)]);
  await expireSiteTagEvents(store, t.db, now);
  const pages = await store.query(`SELECT page_id FROM site_tag_events WHERE publisher_id = '${pub}' ORDER BY page_id`);
  expect(pages.map((r) => r.page_id)).toEqual([`within-${pub}`]);
  await store.close();
}

describe('plan entitlements', () => {
  it('every feature of every plan in the catalogue has an enforcement case', () => {
    expect(catalogue.map((p) => p.id).sort()).toEqual(Object.keys(PUBLISHER_OF).sort());
    const sold = [...new Set(catalogue.flatMap((p) => p.features.map((f) => f.key)))].sort();
    expect(sold.filter((key) => !(key in ENFORCEMENT))).toEqual([]);
  });

  it.each(Object.keys(PUBLISHER_OF))('%s: within the plan succeeds, beyond it is refused, feature by feature', async (planId) => {
    const plan = catalogue.find((p) => p.id === planId)!;
    const pub = PUBLISHER_OF[planId]!;
    for (const f of plan.features) await ENFORCEMENT[f.key]!(plan, pub, f.value, f.key);
  });
});
