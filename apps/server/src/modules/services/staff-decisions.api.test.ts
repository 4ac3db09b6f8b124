import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import type { FlagOverride } from '@pc/contracts';

let t: TestApp;
let single: string;
let multi: string;
let staff: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ STAFF_NOTIFY_EMAIL: 'success@provider.test' });
  single = (await signIn(t.app, DEMO.single)).idToken;
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
  admin = (await signIn(t.app, DEMO.admin)).idToken;
});
afterAll(async () => t.close());

const call = (token: string, publisher: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
const audits = (action: string) => t.db.selectFrom('audit_log').select(['publisher_id', 'details']).where('action', '=', action).execute();
const mailJobs = async () =>
  (await t.db.selectFrom('jobs').select('payload').where('queue', '=', 'services-mail').execute()).map(
    (j) => j.payload as { to: string[]; subject: string; text: string },
  );
const flag = async (key: string) =>
  ((await call(single, '1002', 'GET', '/api/feature-flags')).json() as { key: string; value: unknown }[]).find((f) => f.key === key)?.value;

describe('staff decide service requests', () => {
  it('a rejection needs a reason; the decision is audited and mailed to the publisher in one go', async () => {
    const created = await call(single, '1002', 'POST', '/api/services/requests', { kind: 'product_demo', serviceId: 'blocking' });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as string;
    const pending = await call(staff, undefined, 'GET', '/api/staff/service-requests?status=pending');
    expect(pending.json()).toEqual([expect.objectContaining({ id, status: 'pending', decisionReason: '', decidedAt: null })]);

    const noReason = await call(staff, undefined, 'POST', `/api/staff/service-requests/${id}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    expect((await call(single, '1002', 'POST', `/api/staff/service-requests/${id}/reject`, { reason: 'Nope' })).statusCode).toBe(403);

    const res = await call(staff, undefined, 'POST', `/api/staff/service-requests/${id}/reject`, {
      reason: 'Blocking demos resume in January.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', decisionReason: 'Blocking demos resume in January.', decidedBy: DEMO.staff });
    expect(await audits('service_request.reject')).toEqual([
      expect.objectContaining({
        publisher_id: '1002',
        details: expect.objectContaining({ id, reason: 'Blocking demos resume in January.' }),
      }),
    ]);
    const mail = (await mailJobs()).find((m) => m.to.includes(DEMO.single) && m.subject.includes('was rejected'));
    expect(mail?.text).toContain('Blocking demos resume in January.');

    expect((await call(staff, undefined, 'POST', `/api/staff/service-requests/${id}/approve`)).statusCode).toBe(409);
    expect((await call(staff, undefined, 'GET', '/api/staff/service-requests?status=pending')).json()).toEqual([]);
    expect(
      (await call(staff, undefined, 'POST', '/api/staff/service-requests/00000000-0000-0000-0000-000000000000/approve')).statusCode,
    ).toBe(404);
  });

  it('an approval without a reason is fine and tells the publisher', async () => {
    const created = await call(multi, '1003', 'POST', '/api/services/requests', { kind: 'data_source', dataSource: 'Piano' });
    const id = created.json().id as string;
    const res = await call(staff, undefined, 'POST', `/api/staff/service-requests/${id}/approve`);
    expect(res.json()).toMatchObject({ status: 'approved', decisionReason: '' });
    expect(await audits('service_request.approve')).toHaveLength(1);
    expect((await mailJobs()).some((m) => m.to.includes(DEMO.multi) && m.subject.includes('"Piano" was approved'))).toBe(true);
  });
});

describe('staff decide plan changes', () => {
  it('a rejection keeps its reason, changes nothing and tells the publisher', async () => {
    const req = await call(single, '1002', 'POST', '/api/my-plans/requests', { planId: 'starter' });
    const id = req.json().id as string;
    expect((await call(staff, undefined, 'POST', `/api/staff/plan-requests/${id}/reject`)).statusCode).toBe(400);
    const res = await call(staff, undefined, 'POST', `/api/staff/plan-requests/${id}/reject`, {
      reason: 'Your contract runs until March.',
    });
    expect(res.json()).toMatchObject({ status: 'rejected', decisionReason: 'Your contract runs until March.' });
    expect(await flag('blocking_rules.max_rules')).toBe(200);
    expect((await mailJobs()).some((m) => m.to.includes(DEMO.single) && m.text.includes('Your contract runs until March.'))).toBe(true);
  });

  it('a plan change never overwrites an admin override; other flags follow the plan', async () => {
    const put = await call(admin, undefined, 'PUT', '/api/admin/feature-flags/uptime.max_monitors/overrides/1002', { value: 7 });
    expect(put.statusCode).toBeLessThan(300);
    for (const planId of ['enterprise', 'starter']) {
      const req = await call(single, '1002', 'POST', '/api/my-plans/requests', { planId });
      expect((await call(staff, undefined, 'POST', `/api/staff/plan-requests/${req.json().id}/approve`)).statusCode).toBe(200);
      expect(await flag('uptime.max_monitors')).toBe(7);
    }
    expect(await flag('blocking_rules.max_rules')).toBe(20);
    const change = (await audits('plan.change')).at(-1)!.details as { keptAdminOverrides: string[] };
    expect(change.keptAdminOverrides).toEqual(['uptime.max_monitors']);
    // An admin can still set a flag the plan set: it becomes the admin's, and the next plan keeps it.
    await call(admin, undefined, 'PUT', '/api/admin/feature-flags/blocking_rules.max_rules/overrides/1002', { value: 55 });
    const req = await call(single, '1002', 'POST', '/api/my-plans/requests', { planId: 'growth' });
    await call(staff, undefined, 'POST', `/api/staff/plan-requests/${req.json().id}/approve`);
    expect(await flag('blocking_rules.max_rules')).toBe(55);
    expect(await flag('data.retention_days')).toBe(90);
  });

  it("clearing an admin override returns the flag to the plan's value, not the flag default", async () => {
    const req = await call(single, '1002', 'POST', '/api/my-plans/requests', { planId: 'starter' });
    expect((await call(staff, undefined, 'POST', `/api/staff/plan-requests/${req.json().id}/approve`)).statusCode).toBe(200);
    // The admin's 7 (set in the test above) survived the move to Starter.
    expect(await flag('uptime.max_monitors')).toBe(7);
    const before = (await call(admin, undefined, 'GET', '/api/admin/feature-flags/uptime.max_monitors/overrides')).json() as FlagOverride[];
    expect(before.find((o) => o.publisherId === '1002')).toMatchObject({ value: 7, source: 'admin' });
    const cleared = await call(admin, undefined, 'DELETE', '/api/admin/feature-flags/uptime.max_monitors/overrides/1002');
    expect(cleared.statusCode).toBe(200);
    // Starter's 3, not the flag default (10).
    expect(await flag('uptime.max_monitors')).toBe(3);
    // The console's list says where each value comes from: 1002's is its plan's again.
    const listed = (await call(admin, undefined, 'GET', '/api/admin/feature-flags/uptime.max_monitors/overrides')).json() as FlagOverride[];
    expect(listed.find((o) => o.publisherId === '1002')).toMatchObject({ value: 3, source: 'plan' });
    const audit = (await audits('feature_flag.override.clear')).at(-1)!;
    expect(audit).toMatchObject({
      publisher_id: '1002',
      details: { key: 'uptime.max_monitors', before: 7, after: 3, restoredPlan: 'starter' },
    });
    // The restored value is the plan's again: the next plan change moves it.
    const up = await call(single, '1002', 'POST', '/api/my-plans/requests', { planId: 'enterprise' });
    expect((await call(staff, undefined, 'POST', `/api/staff/plan-requests/${up.json().id}/approve`)).statusCode).toBe(200);
    expect(await flag('uptime.max_monitors')).toBe(50);
    // A publisher with no chosen plan falls back to the flag default.
    await call(admin, undefined, 'PUT', '/api/admin/feature-flags/uptime.max_monitors/overrides/1003', { value: 4 });
    expect((await call(admin, undefined, 'DELETE', '/api/admin/feature-flags/uptime.max_monitors/overrides/1003')).statusCode).toBe(200);
    const rows = await t.db.selectFrom('feature_flag_overrides').select('flag_key').where('publisher_id', '=', '1003').execute();
    expect(rows.map((r) => r.flag_key)).not.toContain('uptime.max_monitors');
  });
});
