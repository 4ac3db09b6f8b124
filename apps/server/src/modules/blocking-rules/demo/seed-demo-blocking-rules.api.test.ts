import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockingRule } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../../test/test-app';

// The tests' template database is seeded by seedDemo, which runs this area's demo seeder.
let t: TestApp;
let multi: string;
let single: string;

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
});
afterAll(async () => t.close());

const rules = async (token: string, publisher: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/blocking-rules', headers: bearer(token, publisher) })).json() as BlockingRule[];

describe('the demo blocking rules', () => {
  it('gives Northwind rules of several types, scopes and states, each saved by its owner', async () => {
    const byName = Object.fromEntries((await rules(multi, '1001')).map((r) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(['Competitor brands', 'No gambling advertisers', 'Sensitive topics on Sport']);
    expect(byName['No gambling advertisers']).toMatchObject({ type: 'advertiser_domain', siteIds: null, status: 'active' });
    expect(byName['Competitor brands']).toMatchObject({ type: 'brand', values: ['Stark Retail'], siteIds: ['5001'] });
    expect(byName['Sensitive topics on Sport']).toMatchObject({ type: 'iab_category', siteIds: ['5002'], status: 'paused' });
    expect(byName['Sensitive topics on Sport']!.expiresAt).not.toBeNull();
    expect(new Set(Object.values(byName).map((r) => r.updatedBy))).toEqual(new Set([DEMO.multi]));
  });

  it("gives Blue Harbor its keyword list, and audits each rule's creation", async () => {
    expect((await rules(single, '1002')).map((r) => [r.name, r.type, r.values])).toEqual([
      ['Keyword safety list', 'keyword', ['crash', 'tragedy', 'lawsuit']],
    ]);
    const audited = await t.db.selectFrom('audit_log').select('publisher_id').where('action', '=', 'blocking_rule.create').execute();
    expect(audited.map((a) => a.publisher_id).sort()).toEqual(['1001', '1001', '1001', '1002']);
  });
});
