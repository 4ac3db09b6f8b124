import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';
import { seedDemoServices } from './seed-demo-services';

let t: TestApp;
let multi: string;
let single: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoServices(t.db)).toBe(true);
  expect(await seedDemoServices(t.db)).toBe(false);
  // What the `npm start` site-tag seed leaves on these sites: their tag data has arrived (the sites
  // row is the demo world's, written here as seed-demo.ts writes it).
  await t.db.updateTable('sites').set({ event_tracker_data_received_at: new Date() }).where('id', 'in', ['5101', '5201', '5202']).execute();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
});
afterAll(async () => t.close());

const get = (token: string, publisher: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token, publisher) });
const statuses = async (token: string, publisher: string) => {
  const body = (await get(token, publisher, '/api/services')).json() as { sites: { siteId: string; planStatus: string }[] };
  return Object.fromEntries(body.sites.map((s) => [s.siteId, s.planStatus]));
};

describe('the npm start demo of services, plans and API keys', () => {
  it('makes sites onboarded in each of the spec statuses and leaves Northwind from nothing', async () => {
    expect(await statuses(single, '1002')).toEqual({ '5101': 'Site Integration' });
    expect(await statuses(multi, '1003')).toEqual({ '5201': 'Fully Onboarded', '5202': 'Data Integration' });
    expect(await statuses(multi, '1001')).toEqual({ '5001': 'Non-Onboarded', '5002': 'Non-Onboarded' });
    expect(await statuses(staff, '1004')).toEqual({ '5301': 'Non-Onboarded' });
  });

  it('puts every publisher on a plan whose limits hold (Summit on Starter)', async () => {
    const summit = (await get(staff, '1004', '/api/my-plans')).json();
    expect(summit).toMatchObject({ plan: { id: 'starter' }, chosen: true });
    expect(summit.usage.find((u: { key: string }) => u.key === 'uptime.max_monitors')).toMatchObject({ limit: 3 });
    expect((await get(single, '1002', '/api/my-plans')).json()).toMatchObject({
      plan: { id: 'growth' },
      chosen: true,
      pendingRequest: null,
    });
    expect((await get(multi, '1003', '/api/my-plans')).json()).toMatchObject({
      plan: { id: 'growth' },
      pendingRequest: { planId: 'enterprise', status: 'pending' },
    });
  });

  it('gives staff a pending plan change and pending service requests to act on', async () => {
    const plans = (await get(staff, undefined, '/api/staff/plan-requests?status=pending')).json() as { publisherId: string }[];
    expect(plans.map((p) => p.publisherId)).toEqual(['1003']);
    const requests = (await get(staff, undefined, '/api/staff/service-requests')).json() as { publisherId: string; kind: string }[];
    expect(requests.map((r) => `${r.publisherId} ${r.kind}`).sort()).toEqual(['1002 product_demo', '1003 data_source']);
  });

  it('lists API keys, live and revoked, without any secret', async () => {
    const keys = (await get(multi, '1003', '/api/integrations/api-keys')).json() as { name: string; revokedAt: string | null }[];
    expect(keys.map((k) => [k.name, k.revokedAt === null])).toEqual([
      ['Nightly BI export', true],
      ['Old agency script', false],
    ]);
    // The prefix (12 characters) identifies a key; the rest of the secret is never returned.
    expect(JSON.stringify(keys)).not.toMatch(/pck_[\w-]{12,}/);
    expect((await get(multi, '1001', '/api/integrations/api-keys')).json()).toEqual([]);
  });
});
