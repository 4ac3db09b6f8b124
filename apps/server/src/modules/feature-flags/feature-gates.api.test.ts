import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { FEATURE_GATES, gateOf } from './feature-gates';

let t: TestApp;
let admin = '';
let multi = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, DEMO.admin)).idToken;
  multi = (await signIn(t.app, DEMO.multi)).idToken;
});
afterAll(async () => t.close());

const get = (url: string, publisher: string) => t.app.inject({ method: 'GET', url, headers: bearer(multi, publisher) });
const setOverride = (key: string, publisher: string, value: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/feature-flags/${key}/overrides/${publisher}`,
    headers: bearer(admin),
    payload: { value },
  });

describe('feature gates', () => {
  it('maps route patterns to their flag and leaves other routes alone', () => {
    expect(gateOf('/api/monitors')?.flag).toBe('uptime.monitoring');
    expect(gateOf('/api/monitors/:id/stats')?.flag).toBe('uptime.monitoring');
    expect(gateOf('/api/payments/:id/statement.csv')?.flag).toBe('payments.statements');
    expect(gateOf('/api/payments')).toBeUndefined();
    expect(gateOf('/api/monitorsx')).toBeUndefined();
    expect(gateOf(undefined)).toBeUndefined();
  });

  it('every gated flag is a defined BOOLEAN flag', async () => {
    const flags = await t.db.selectFrom('feature_flags').select(['key', 'shape']).execute();
    for (const g of FEATURE_GATES) expect(flags.find((f) => f.key === g.flag)?.shape, g.flag).toBe('BOOLEAN');
  });

  it('uptime.monitoring off for one publisher: its monitor API answers 403, another publisher is untouched; on again it answers', async () => {
    expect((await get('/api/monitors', '1003')).statusCode).toBe(200);
    expect((await setOverride('uptime.monitoring', '1003', false)).statusCode).toBe(200);
    for (const url of ['/api/monitors', '/api/monitors/limits', '/api/monitors/summary']) {
      const res = await get(url, '1003');
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ name: 'FeatureDisabled', message: expect.stringMatching(/Uptime monitoring is not enabled/) });
    }
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/monitors',
      headers: bearer(multi, '1003'),
      payload: { name: 'x', url: 'https://evergreen.example/' },
    });
    expect(create.statusCode).toBe(403);
    expect((await get('/api/monitors', '1001')).statusCode).toBe(200);
    // The effective flags tell the web app the same, so it hides the feature instead of failing.
    const flags = (await get('/api/feature-flags', '1003')).json() as { key: string; value: unknown }[];
    expect(flags.find((f) => f.key === 'uptime.monitoring')?.value).toBe(false);

    expect((await setOverride('uptime.monitoring', '1003', true)).statusCode).toBe(200);
    expect((await get('/api/monitors', '1003')).statusCode).toBe(200);
  });

  it('payments.statements off: statement downloads answer 403 (before any lookup) while the payments list still answers', async () => {
    // No payment is needed: the gate answers before the handler, which answers 404 for an unknown payment.
    const url = '/api/payments/00000000-0000-4000-8000-000000000000/statement.csv';
    expect((await get(url, '1001')).statusCode).toBe(404);
    await setOverride('payments.statements', '1001', false);
    expect((await get(url, '1001')).statusCode).toBe(403);
    expect((await get(url.replace('.csv', '.pdf'), '1001')).statusCode).toBe(403);
    expect((await get('/api/payments', '1001')).statusCode).toBe(200);
    expect((await get(url, '1003')).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: '/api/admin/feature-flags/payments.statements/overrides/1001', headers: bearer(admin) });
    expect((await get(url, '1001')).statusCode).toBe(404);
  });
});
