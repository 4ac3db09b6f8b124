import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

// Flag names become keys of objects (plans' values, audit details): a name that is also a property
// every JavaScript object has must neither be creatable nor, if stored anyway, break a page.
let t: TestApp;
const tok: Record<'admin' | 'staff' | 'multi', string> = { admin: '', staff: '', multi: '' };

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'staff', 'multi'] as const) tok[who] = (await signIn(t.app, DEMO[who])).idToken;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'DELETE' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, '1001'), ...(payload ? { payload } : {}) });
const create = (key: string) => call(tok.admin, 'POST', '/api/admin/feature-flags', { key, shape: 'BOOLEAN', defaultValue: true });

describe('feature flag names', () => {
  it('refuses names outside lower-case dotted segments, object property names and over-long names, with fields.key', async () => {
    const bad = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'prototype', 'billing.constructor', 'a-b', 'a..b'];
    for (const key of [...bad, 'a.', '.a', 'A.b', 'a.1b', `a.${'b'.repeat(63)}`]) {
      const res = await create(key);
      expect(res.statusCode, key).toBe(400);
      expect(Object.keys(res.json().fields), key).toEqual(['key']);
    }
    const ok = await create('billing.early_payout');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('every seeded flag name fits the pattern', async () => {
    const keys = (await t.db.selectFrom('feature_flags').select('key').execute()).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/);
  });

  it('a flag stored as constructor (written before the rule) leaves /api/plans and /api/my-plans working', async () => {
    await sql`INSERT INTO feature_flags (key, shape, default_value) VALUES ('constructor', 'BOOLEAN', 'true') ON CONFLICT DO NOTHING`.execute(
      t.db,
    );
    try {
      const plans = await call(tok.multi, 'GET', '/api/plans');
      expect(plans.statusCode, plans.body).toBe(200);
      for (const p of plans.json() as { features: { key: string }[] }[]) expect(p.features.map((f) => f.key)).not.toContain('constructor');
      const mine = await call(tok.multi, 'GET', '/api/my-plans');
      expect(mine.statusCode, mine.body).toBe(200);
      expect((await call(tok.admin, 'GET', '/api/admin/feature-flags')).statusCode).toBe(200);
      // ... and it can be deleted.
      expect((await call(tok.admin, 'DELETE', '/api/admin/feature-flags/constructor')).statusCode).toBe(200);
    } finally {
      await sql`DELETE FROM feature_flags WHERE key = 'constructor'`.execute(t.db);
    }
  });

  it('admins delete a flag: its overrides and plan values go in the same transaction, audited; staff get 403', async () => {
    const key = 'uptime.check_intervals';
    expect((await call(tok.admin, 'PUT', `/api/admin/feature-flags/${key}/overrides/1001`, { value: ['60'] })).statusCode).toBe(200);
    const inPlans = await sql<{ id: string }>`SELECT id FROM plans WHERE flag_values ? ${key}`.execute(t.db);
    expect(inPlans.rows.length).toBeGreaterThan(0);

    expect((await call(tok.staff, 'DELETE', `/api/admin/feature-flags/${key}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/feature-flags/${key}` })).statusCode).toBe(401);
    const res = await call(tok.admin, 'DELETE', `/api/admin/feature-flags/${key}`);
    expect(res.statusCode, res.body).toBe(200);

    expect(await t.db.selectFrom('feature_flags').select('key').where('key', '=', key).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('feature_flag_overrides').select('flag_key').where('flag_key', '=', key).execute()).toEqual([]);
    expect((await sql`SELECT id FROM plans WHERE flag_values ? ${key}`.execute(t.db)).rows).toEqual([]);
    const audit = (await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'feature_flag.delete').execute()).filter(
      (a) => (a.details as { key?: string }).key === key,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      key,
      before: { key, shape: 'SET' },
      overrides: [{ publisherId: '1001', value: ['60'], source: 'admin' }],
    });
    expect((audit[0]!.details as { plans: unknown[] }).plans).toHaveLength(inPlans.rows.length);
    // The product keeps working without it, and a second delete is 404.
    expect((await call(tok.multi, 'GET', '/api/plans')).statusCode).toBe(200);
    expect((await call(tok.admin, 'DELETE', `/api/admin/feature-flags/${key}`)).statusCode).toBe(404);
  });
});
