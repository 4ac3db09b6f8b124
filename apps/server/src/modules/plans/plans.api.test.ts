import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

let t: TestApp;
let single: string;
let multi: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ STAFF_NOTIFY_EMAIL: 'success@provider.test' });
  single = (await signIn(t.app, DEMO.single)).idToken;
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST';
const call = (token: string, publisher: string | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
const flag = async (key: string) =>
  ((await call(single, '1002', 'GET', '/api/feature-flags')).json() as { key: string; value: unknown }[]).find((f) => f.key === key)?.value;
const approve = async (planId: string) => {
  const req = await call(single, '1002', 'POST', '/api/my-plans/requests', { planId });
  expect(req.statusCode).toBe(200);
  const ok = await call(staff, undefined, 'POST', `/api/staff/plan-requests/${req.json().id}/approve`);
  expect(ok.statusCode).toBe(200);
};

describe('plans on feature flags', () => {
  it('compares the plans with their flag values', async () => {
    const res = await call(single, '1002', 'GET', '/api/plans');
    expect(res.statusCode).toBe(200);
    const plans = res.json() as { id: string; features: { key: string; value: unknown }[] }[];
    expect(plans.map((p) => p.id)).toEqual(['starter', 'growth', 'enterprise']);
    expect(plans[2]!.features.find((f) => f.key === 'uptime.max_monitors')?.value).toBe(50);
  });

  it('my plan: the default plan, sites, usage against each limit', async () => {
    const res = await call(single, '1002', 'GET', '/api/my-plans');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ plan: { id: 'growth' }, chosen: false, pendingRequest: null });
    expect(body.sites.map((s: { id: string }) => s.id)).toEqual(['5101']);
    expect(body.usage.map((u: { key: string }) => u.key)).toEqual(
      expect.arrayContaining(['uptime.max_monitors', 'blocking_rules.max_rules', 'integrations.max_api_keys', 'data.retention_days']),
    );
    expect(body.usage.find((u: { key: string }) => u.key === 'blocking_rules.max_rules')).toMatchObject({
      limit: 200,
      used: expect.any(Number),
    });
  });

  it('an upgrade is a request staff approve; approving changes the effective flags at once and audits it', async () => {
    const req = await call(single, '1002', 'POST', '/api/my-plans/requests', { planId: 'enterprise', message: 'More rules please' });
    expect(req.json()).toMatchObject({ status: 'pending', planName: 'Enterprise' });
    expect((await call(single, '1002', 'POST', '/api/my-plans/requests', { planId: 'starter' })).statusCode).toBe(409);
    expect((await call(single, '1002', 'POST', `/api/staff/plan-requests/${req.json().id}/approve`)).statusCode).toBe(403);
    expect(await flag('blocking_rules.max_rules')).toBe(200);
    const pending = await call(staff, undefined, 'GET', '/api/staff/plan-requests?status=pending');
    expect(pending.json().map((r: { id: string }) => r.id)).toContain(req.json().id);
    expect((await call(staff, undefined, 'POST', `/api/staff/plan-requests/${req.json().id}/approve`)).statusCode).toBe(200);
    expect(await flag('blocking_rules.max_rules')).toBe(1000);
    expect(await flag('reports.history_extension_days')).toBe(365);
    expect((await call(staff, undefined, 'POST', `/api/staff/plan-requests/${req.json().id}/reject`)).statusCode).toBe(409);
    const mine = (await call(single, '1002', 'GET', '/api/my-plans')).json();
    expect(mine).toMatchObject({ plan: { id: 'enterprise' }, chosen: true, pendingRequest: null });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'plan.change')
      .where('publisher_id', '=', '1002')
      .execute();
    expect(audit).toHaveLength(1);
    expect((await call(single, '1002', 'POST', '/api/my-plans/requests', { planId: 'enterprise' })).statusCode).toBe(409);
    const mails = await t.db.selectFrom('jobs').select('payload').where('queue', '=', 'services-mail').execute();
    expect(JSON.stringify(mails)).toContain('asks to move to Enterprise');
  });

  it('a smaller plan lowers the limit and the server refuses a rule past it', async () => {
    await approve('starter');
    expect(await flag('blocking_rules.max_rules')).toBe(20);
    const used = ((await call(single, '1002', 'GET', '/api/my-plans')).json().usage as { key: string; used: number }[]).find(
      (u) => u.key === 'blocking_rules.max_rules',
    )!.used;
    const codes: number[] = [];
    for (let i = used; i < 21; i++)
      codes.push(
        (
          await call(single, '1002', 'POST', '/api/blocking-rules', {
            name: `Limit ${i}`,
            type: 'keyword',
            values: [`word${i}`],
            siteIds: null,
            expiresAt: null,
          })
        ).statusCode,
      );
    expect(codes.at(-1)).not.toBe(200);
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
  });

  it('bad input 400, scoping 403', async () => {
    const bad = await call(single, '1002', 'POST', '/api/my-plans/requests', { planId: 'platinum' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('planId');
    expect((await call(single, '1001', 'GET', '/api/my-plans')).statusCode).toBe(403);
    expect((await call(single, '1001', 'POST', '/api/my-plans/requests', { planId: 'starter' })).statusCode).toBe(403);
    expect((await call(multi, '1001', 'GET', '/api/staff/plan-requests')).statusCode).toBe(403);
  });
});
