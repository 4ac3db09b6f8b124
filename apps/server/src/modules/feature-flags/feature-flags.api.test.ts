import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { booleanFlag, flagValue, limitFlag, setFlag } from './feature-flags.service';

let t: TestApp;
const tok: Record<'admin' | 'staff' | 'multi' | 'single', string> = { admin: '', staff: '', multi: '', single: '' };

beforeAll(async () => {
  t = await createTestApp({ SHOW_NEW_FEATURES_UNTIL: '2999-12-31' });
  for (const who of ['admin', 'staff', 'multi', 'single'] as const) tok[who] = (await signIn(t.app, DEMO[who])).idToken;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object, publisher?: string) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
const audits = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('feature flags', () => {
  it('every admin flag route answers 403 to staff without admin access and to media owners, 401 anonymously', async () => {
    const routes: [Method, string, object?][] = [
      ['GET', '/api/admin/feature-flags'],
      ['POST', '/api/admin/feature-flags', { key: 'x.y', shape: 'BOOLEAN', defaultValue: true }],
      ['PATCH', '/api/admin/feature-flags/uptime.max_monitors', { defaultValue: 3 }],
      ['GET', '/api/admin/feature-flags/uptime.max_monitors/overrides'],
      ['PUT', '/api/admin/feature-flags/uptime.max_monitors/overrides/1001', { value: 3 }],
      ['DELETE', '/api/admin/feature-flags/uptime.max_monitors/overrides/1001'],
      ['GET', '/api/admin/publishers/1001/feature-flags'],
    ];
    for (const [method, url, body] of routes) {
      for (const who of ['staff', 'multi', 'single'] as const) {
        expect((await call(tok[who], method, url, body)).statusCode, `${who} ${method} ${url}`).toBe(403);
      }
      expect((await t.app.inject({ method, url, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    }
  });

  it('resolves defaults for each shape, with beta and new markers', async () => {
    const res = await call(tok.multi, 'GET', '/api/feature-flags', undefined, '1001');
    expect(res.statusCode).toBe(200);
    const byKey = Object.fromEntries((res.json() as { key: string }[]).map((f) => [f.key, f]));
    expect(byKey['uptime.max_monitors']).toEqual({
      key: 'uptime.max_monitors',
      shape: 'LIMIT',
      value: 10,
      beta: false,
      isNew: true,
      overridden: false,
    });
    expect(byKey['uptime.check_intervals']).toMatchObject({ shape: 'SET', value: ['5', '15', '60'] });
    expect(byKey['payments.statements']).toMatchObject({ shape: 'BOOLEAN', value: true, isNew: false });
    expect(byKey['reports.history_extension_days']).toMatchObject({ shape: 'EXTENSION', value: 0, beta: true });
    // Another publisher outside the caller's scope is refused.
    expect((await call(tok.multi, 'GET', '/api/feature-flags', undefined, '1002')).statusCode).toBe(403);
  });

  it('an override wins for its publisher only, for each shape; clearing it restores the default; all audited', async () => {
    const cases: [string, unknown][] = [
      ['uptime.max_monitors', 2],
      ['uptime.check_intervals', ['60']],
      ['payments.statements', false],
      ['reports.history_extension_days', 30.5],
    ];
    for (const [key, value] of cases) {
      const put = await call(tok.admin, 'PUT', `/api/admin/feature-flags/${key}/overrides/1001`, { value });
      expect(put.statusCode, key).toBe(200);
      expect(await flagValue(t.db, '1001', key)).toEqual(value);
    }
    expect(await limitFlag(t.db, '1001', 'uptime.max_monitors', 99)).toBe(2);
    expect(await limitFlag(t.db, '1003', 'uptime.max_monitors', 99)).toBe(10);
    expect(await setFlag(t.db, '1001', 'uptime.check_intervals', [])).toEqual(['60']);
    expect(await booleanFlag(t.db, '1001', 'payments.statements', true)).toBe(false);
    expect(await limitFlag(t.db, '1001', 'no.such.flag', 7)).toBe(7);

    const eff = (await call(tok.multi, 'GET', '/api/feature-flags', undefined, '1001')).json() as {
      key: string;
      value: unknown;
      overridden: boolean;
    }[];
    expect(eff.find((f) => f.key === 'uptime.max_monitors')).toMatchObject({ value: 2, overridden: true });
    const admin = (await call(tok.admin, 'GET', '/api/admin/publishers/1003/feature-flags')).json() as { key: string; value: unknown }[];
    expect(admin.find((f) => f.key === 'uptime.max_monitors')?.value).toBe(10);

    const list = (await call(tok.admin, 'GET', '/api/admin/feature-flags/uptime.max_monitors/overrides')).json();
    expect(list).toMatchObject([{ publisherId: '1001', value: 2, source: 'admin' }]);

    expect((await call(tok.admin, 'DELETE', '/api/admin/feature-flags/uptime.max_monitors/overrides/1001')).statusCode).toBe(200);
    expect(await flagValue(t.db, '1001', 'uptime.max_monitors')).toBe(10);
    expect((await call(tok.admin, 'DELETE', '/api/admin/feature-flags/uptime.max_monitors/overrides/1001')).statusCode).toBe(404);

    const set = await audits('feature_flag.override.set');
    expect(set).toHaveLength(4);
    expect(set[0]).toMatchObject({ publisher_id: '1001', details: { key: 'uptime.max_monitors', before: null, after: 2 } });
    expect(await audits('feature_flag.override.clear')).toMatchObject([
      { details: { key: 'uptime.max_monitors', before: 2, after: null } },
    ]);
  });

  it('rejects values that do not fit the shape with a fields map, and unknown flags or publishers with 404', async () => {
    const bad: [string, unknown][] = [
      ['uptime.max_monitors', -1],
      ['uptime.max_monitors', 1.5],
      ['uptime.max_monitors', true],
      ['uptime.check_intervals', 3],
      ['payments.statements', 1],
      ['reports.history_extension_days', ['a']],
    ];
    for (const [key, value] of bad) {
      const res = await call(tok.admin, 'PUT', `/api/admin/feature-flags/${key}/overrides/1001`, { value });
      expect(res.statusCode, `${key} ${JSON.stringify(value)}`).toBe(400);
      expect(res.json().fields?.value).toBeTruthy();
    }
    expect((await call(tok.admin, 'PUT', '/api/admin/feature-flags/nope/overrides/1001', { value: 1 })).statusCode).toBe(404);
    expect((await call(tok.admin, 'PUT', '/api/admin/feature-flags/uptime.max_monitors/overrides/9999', { value: 1 })).statusCode).toBe(
      404,
    );
    expect(
      (await call(tok.admin, 'PUT', '/api/admin/feature-flags/uptime.max_monitors/overrides/1001', { value: { a: 1 } })).statusCode,
    ).toBe(400);
  });

  it('creates and edits definitions (409 on a duplicate key), audited with before and after', async () => {
    const created = await call(tok.admin, 'POST', '/api/admin/feature-flags', {
      key: 'reports.scheduled',
      shape: 'BOOLEAN',
      description: 'Scheduled report e-mails',
      beta: true,
      defaultValue: false,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ key: 'reports.scheduled', beta: true, defaultValue: false, overrides: 0 });
    const duplicate = await call(tok.admin, 'POST', '/api/admin/feature-flags', {
      key: 'reports.scheduled',
      shape: 'LIMIT',
      defaultValue: 1,
    });
    expect(duplicate.statusCode).toBe(409);
    // The name's field carries the message, for the console's form to show it there.
    expect(duplicate.json().fields).toEqual({ key: 'A flag named reports.scheduled exists already. Edit it instead.' });
    const badDefault = await call(tok.admin, 'POST', '/api/admin/feature-flags', { key: 'a.b', shape: 'LIMIT', defaultValue: 'x' });
    expect(badDefault.statusCode).toBe(400);
    expect(badDefault.json().fields).toHaveProperty('defaultValue');
    const patched = await call(tok.admin, 'PATCH', '/api/admin/feature-flags/reports.scheduled', { defaultValue: true, beta: false });
    // Fields left out of the PATCH keep their values.
    expect(patched.json()).toMatchObject({ defaultValue: true, beta: false, description: 'Scheduled report e-mails' });
    expect((await call(tok.admin, 'PATCH', '/api/admin/feature-flags/reports.scheduled', { defaultValue: 5 })).statusCode).toBe(400);
    expect(await audits('feature_flag.create')).toHaveLength(1);
    expect(await audits('feature_flag.update')).toMatchObject([
      { details: { key: 'reports.scheduled', before: { defaultValue: false, beta: true }, after: { defaultValue: true, beta: false } } },
    ]);
  });
});
