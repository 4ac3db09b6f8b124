import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDays, todayIn } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { reportPath, type ReportPathQuery } from '../../../test/reports/report-path';
import { hashApiKey } from './api-keys.service';

// The last two days: a report range inside the 13 months of history every plan keeps, whatever the date.
const yesterday = shiftDays(todayIn('UTC', new Date()), -1);

let t: TestApp;
let multi: string;
let single: string;

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
});
afterAll(async () => t.close());

const call = (token: string, publisher: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
// The report call as a script would make it: only the key, no Publisher-Scope header.
const report = (secret: string, extra: ReportPathQuery = {}) =>
  t.app.inject({
    method: 'GET',
    url: reportPath({
      reportType: 'revenue',
      publisherId: '1001',
      dateFrom: shiftDays(yesterday, -1),
      dateTo: yesterday,
      dimensions: 'sites',
      metrics: 'impressions,revenue',
      interval: 'Cumulative',
      ...extra,
    }),
    headers: { authorization: `Bearer ${secret}` },
  });

describe('reporting API keys', () => {
  let readSecret = '';
  let readId = '';

  it('is shown once and stored only as a hash', async () => {
    const res = await call(multi, '1001', 'POST', '/api/integrations/api-keys', { name: 'BI tool', access: 'read' });
    expect(res.statusCode).toBe(200);
    readSecret = res.json().secret;
    readId = res.json().key.id;
    expect(readSecret).toMatch(/^pck_[A-Za-z0-9_-]{40,}$/);
    expect(res.json().key).toMatchObject({ name: 'BI tool', access: 'read', createdBy: DEMO.multi, lastUsedAt: null });
    const row = await t.db.selectFrom('api_keys').selectAll().where('id', '=', readId).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashApiKey(readSecret));
    expect(JSON.stringify(row)).not.toContain(readSecret);
    const list = (await call(multi, '1001', 'GET', '/api/integrations/api-keys')).json();
    expect(JSON.stringify(list)).not.toContain(readSecret);
    expect(list[0].prefix).toBe(readSecret.slice(0, 12));
  });

  it('pulls a report with the same endpoint; read-only refuses exports; last used is kept', async () => {
    const ok = await report(readSecret);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().currency).toBe('USD');
    const exportJob = await report(readSecret, { exportReportToFile: 'true' });
    expect(exportJob.statusCode).toBe(403);
    expect(exportJob.json().message).toMatch(/read-only/);
    const list = (await call(multi, '1001', 'GET', '/api/integrations/api-keys')).json();
    expect(list[0].lastUsedAt).not.toBeNull();

    const rw = (await call(multi, '1001', 'POST', '/api/integrations/api-keys', { name: 'Exporter', access: 'read_write' })).json().secret;
    expect((await report(rw, { exportReportToFile: 'true' })).statusCode).toBe(202);
  });

  it('is scoped to its publisher and to the reporting API', async () => {
    expect((await report(readSecret, { publisherId: '1003' })).statusCode).toBe(403);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/services',
      headers: { authorization: `Bearer ${readSecret}`, 'publisher-scope': '1001' },
    });
    expect(other.statusCode).toBe(403);
    const keys = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/api-keys',
      headers: { authorization: `Bearer ${readSecret}` },
    });
    expect(keys.statusCode).toBe(403);
    const wrongHeader = await t.app.inject({
      method: 'GET',
      url: '/api/partner-center/reports?publisherId=1001',
      headers: { authorization: `Bearer ${readSecret}`, 'publisher-scope': '1003' },
    });
    expect(wrongHeader.statusCode).toBe(403);
    // Another publisher's user can neither list nor revoke it.
    expect((await call(single, '1002', 'DELETE', `/api/integrations/api-keys/${readId}`)).statusCode).toBe(403);
    expect((await call(single, '1001', 'GET', '/api/integrations/api-keys')).statusCode).toBe(403);
  });

  it('a revoked or unknown key is refused', async () => {
    const revoked = await call(multi, '1001', 'DELETE', `/api/integrations/api-keys/${readId}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const refused = await report(readSecret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/invalid or revoked/);
    expect((await report('pck_not-a-key')).statusCode).toBe(401);
    expect(
      await t.db.selectFrom('audit_log').select('action').where('action', 'in', ['api_key.create', 'api_key.revoke']).execute(),
    ).toHaveLength(3);
  });

  it('the plan limit is enforced with 403 and a clear message; bad input 400', async () => {
    await t.db
      .insertInto('feature_flag_overrides')
      .values({ flag_key: 'integrations.max_api_keys', publisher_id: '1001', value: JSON.stringify(1) })
      .execute();
    const over = await call(multi, '1001', 'POST', '/api/integrations/api-keys', { name: 'One more', access: 'read' });
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toMatch(/^Your Growth plan allows 1 active API key\. .*request a larger plan on the Plans page\.$/);
    const bad = await call(multi, '1001', 'POST', '/api/integrations/api-keys', { name: '', access: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['name', 'access']));
  });
});
