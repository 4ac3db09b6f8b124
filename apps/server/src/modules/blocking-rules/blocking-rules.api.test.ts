import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

let t: TestApp;
let multi: string;
let single: string;
const FEED_TOKEN = 'feed-token-for-tests-0123456789';
const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp({ BLOCKING_FEED_TOKEN: FEED_TOKEN, BLOCKING_RULE_MAX_VALUES: '50' });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  // Evergreen's plan allows 8 rules and 50 values a rule (per-publisher overrides of the LIMIT
  // flags from migration 0046); others keep the defaults.
  await t.db
    .insertInto('feature_flag_overrides')
    .values([
      { flag_key: 'blocking_rules.max_rules', publisher_id: '1003', value: JSON.stringify(8) },
      { flag_key: 'blocking_rules.max_values', publisher_id: '1003', value: JSON.stringify(50) },
    ])
    .execute();
  // Last 30 days for 1001: AcmeBank earns 60 of 100 net on site 5001, the rest elsewhere.
  // Optional attributes: AcmeBank records acmebank.com / Consumer Banking (392, inside Personal
  // Finance 391); Globex on 5001 a subdomain and no category, on 5002 no domain and 391.
  const sale = (date: string, siteId: string, brand: string, netRevenue: number, impressions: number, attrs: object = {}) => ({
    date,
    publisherId: '1001',
    siteId,
    productType: 'Display',
    size: '300x250',
    brand,
    dealName: '',
    dealId: '',
    impressions,
    revenue: netRevenue * 1.25,
    netRevenue,
    ...attrs,
  });
  await t.built.engine.ingest({
    reportType: 'revenue',
    requests: [],
    sales: [
      sale(day(-3), '5001', 'AcmeBank', 60, 6000, { advertiserDomain: 'acmebank.com', iabCategory: '392' }),
      sale(day(-3), '5001', 'Globex', 25, 2500, { advertiserDomain: 'ads.globex.com' }),
      sale(day(-4), '5002', 'Globex', 15, 1500, { iabCategory: '391' }),
      // Older than 30 days: outside the preview.
      sale(day(-45), '5001', 'Globex', 1000, 1000),
    ],
  });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, publisher: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
const rule = (over: object = {}) => ({ name: 'No banks', type: 'brand', values: ['AcmeBank'], siteIds: null, expiresAt: null, ...over });

describe('blocking rules', () => {
  it('creates a rule with normalised values, lists it with the spec entity, audits it and shows its history', async () => {
    const res = await call(
      multi,
      '1001',
      'POST',
      '/api/blocking-rules',
      rule({ name: 'Brand block', values: [' AcmeBank ', 'acmebank', 'Initech'] }),
    );
    expect(res.statusCode).toBe(200);
    const { rule: saved, notices } = res.json();
    expect(saved).toMatchObject({
      name: 'Brand block',
      type: 'brand',
      values: ['AcmeBank', 'Initech'],
      status: 'active',
      publisherId: '1001',
      publisherName: 'Northwind News',
      updatedBy: DEMO.multi,
    });
    expect(notices.join(' ')).toMatch(/more than once/);
    const list = (await call(multi, '1001', 'GET', '/api/blocking-rules')).json();
    expect(list.map((r: { id: string }) => r.id)).toContain(saved.id);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'details']).where('action', '=', 'blocking_rule.create').execute();
    expect(audit.some((a) => JSON.stringify(a.details).includes(saved.id))).toBe(true);

    await call(multi, '1001', 'PUT', `/api/blocking-rules/${saved.id}`, rule({ name: 'Brand block', values: ['AcmeBank'] }));
    const history = (await call(multi, '1001', 'GET', `/api/blocking-rules/${saved.id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(history[0]).toMatchObject({ actor: DEMO.multi, changes: { values: { added: [], removed: ['Initech'] } } });
  });

  it('normalises advertiser domains (scheme, path, case, IDN to punycode) and answers 400 with fields for bad values', async () => {
    const ok = await call(
      multi,
      '1003',
      'POST',
      '/api/blocking-rules/check',
      rule({ type: 'advertiser_domain', values: ['HTTPS://Ads.Example.COM/path?x=1', 'bücher.example', 'ads.example.com'] }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().values).toEqual(['ads.example.com', 'xn--bcher-kva.example']);
    const bad = await call(
      multi,
      '1003',
      'POST',
      '/api/blocking-rules',
      rule({ type: 'advertiser_domain', values: ['good.example', 'not a domain'] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['values.1']);
    const iab = await call(multi, '1003', 'POST', '/api/blocking-rules', rule({ type: 'iab_category', values: ['483', 'IAB999'] }));
    expect(iab.statusCode).toBe(400);
    expect(Object.keys(iab.json().fields)).toEqual(['values.1']);
    const sites = await call(multi, '1003', 'POST', '/api/blocking-rules', rule({ siteIds: ['5101'] }));
    expect(sites.statusCode).toBe(400);
    expect(sites.json().fields.siteIds).toMatch(/5101/);
    const empty = await call(multi, '1003', 'POST', '/api/blocking-rules', {
      name: '',
      type: 'keyword',
      values: [],
      siteIds: null,
      expiresAt: null,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('name');
    const cats = (await call(multi, '1003', 'GET', '/api/blocking-rules/iab-categories')).json();
    expect(cats.length).toBeGreaterThan(600);
    expect(cats.find((c: { id: string }) => c.id === '483')).toBeTruthy();
  });

  it('refuses a rule that contradicts itself or can never match: 400 naming the field, on save and on check', async () => {
    const cases: [object, Record<string, RegExp>][] = [
      [
        { type: 'advertiser_domain', values: ['example.com', 'https://ads.example.com/x'] },
        { 'values.1': /already blocked by "example.com"/ },
      ],
      [{ type: 'iab_category', values: ['483', '484'] }, { 'values.1': /American Football \(484\) is inside Sports \(483\)/ }],
      [{ type: 'keyword', values: ['casino', '***'] }, { 'values.1': /can never match/ }],
      // Evergreen's archive and paused food site are inactive: the feed would never carry the rule.
      [{ type: 'brand', values: ['Acme'], siteIds: ['5203', '5204'] }, { siteIds: /None of the chosen sites is active/ }],
    ];
    for (const [over, fields] of cases) {
      for (const url of ['/api/blocking-rules', '/api/blocking-rules/check']) {
        const res = await call(multi, '1003', 'POST', url, rule(over));
        expect(res.statusCode, `${url} ${JSON.stringify(over)}`).toBe(400);
        const got = res.json().fields as Record<string, string>;
        expect(Object.keys(got)).toEqual(Object.keys(fields));
        for (const [k, re] of Object.entries(fields)) expect(got[k]).toMatch(re);
      }
    }
    // One active site in the scope is enough; sibling categories and look-alike domains are not contradictions.
    const fine: object[] = [
      { type: 'brand', values: ['Acme'], siteIds: ['5201', '5203'] },
      { type: 'iab_category', values: ['484', '507'] },
      { type: 'advertiser_domain', values: ['example.com', 'badexample.com'] },
    ];
    for (const over of fine) expect((await call(multi, '1003', 'POST', '/api/blocking-rules/check', rule(over))).statusCode).toBe(200);
  });

  it("keeps publishers apart: 403 for a publisher outside the scope, 404 for another publisher's rule id", async () => {
    const saved = (await call(multi, '1001', 'POST', '/api/blocking-rules', rule({ name: 'Scoped', values: ['Scoped Brand'] }))).json()
      .rule;
    expect((await call(single, '1001', 'GET', '/api/blocking-rules')).statusCode).toBe(403);
    expect((await call(single, '1001', 'DELETE', `/api/blocking-rules/${saved.id}`)).statusCode).toBe(403);
    expect((await call(single, '1002', 'GET', `/api/blocking-rules/${saved.id}`)).statusCode).toBe(404);
    expect((await call(single, '1002', 'DELETE', `/api/blocking-rules/${saved.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/blocking-rules' })).statusCode).toBe(401);
  });

  it('points out duplicates, pauses, resumes and deletes with audit rows', async () => {
    const first = (
      await call(multi, '1003', 'POST', '/api/blocking-rules', rule({ name: 'Kw', type: 'keyword', values: ['casino', 'poker'] }))
    ).json().rule;
    const dup = (
      await call(multi, '1003', 'POST', '/api/blocking-rules/check', rule({ name: 'Kw 2', type: 'keyword', values: ['Casino', 'poker'] }))
    ).json();
    expect(dup.notices.join(' ')).toMatch(/"Kw" already blocks exactly these values/);
    expect((await call(multi, '1003', 'POST', `/api/blocking-rules/${first.id}/pause`)).json().status).toBe('paused');
    expect((await call(multi, '1003', 'POST', `/api/blocking-rules/${first.id}/resume`)).json().status).toBe('active');
    expect((await call(multi, '1003', 'DELETE', `/api/blocking-rules/${first.id}`)).statusCode).toBe(200);
    expect((await call(multi, '1003', 'GET', `/api/blocking-rules/${first.id}`)).statusCode).toBe(404);
    const history = (await call(multi, '1003', 'GET', `/api/blocking-rules/${first.id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['delete', 'resume', 'pause', 'create']);
  });

  it('enforces the plan limits on rules and on values (feature flags; 403 / 400)', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `kw${i}`);
    const tooMany = await call(multi, '1003', 'POST', '/api/blocking-rules', rule({ type: 'keyword', values: many }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.values).toMatch(/50/);
    const codes: number[] = [];
    for (let i = 0; i < 9; i++)
      codes.push(
        (await call(multi, '1003', 'POST', '/api/blocking-rules', rule({ name: `L${i}`, type: 'keyword', values: [`w${i}`] }))).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 403]);
  });

  it('expires a rule after its day, audits the expiry and drops it from the feed', async () => {
    const saved = (
      await call(multi, '1001', 'POST', '/api/blocking-rules', rule({ name: 'Short', values: ['Expiring Brand'], expiresAt: day(0) }))
    ).json().rule;
    const past = await call(multi, '1001', 'POST', '/api/blocking-rules', rule({ name: 'Past', values: ['x'], expiresAt: day(-1) }));
    expect(past.json().fields).toHaveProperty('expiresAt');
    await t.db
      .updateTable('blocking_rules')
      .set({ expires_at: day(-1) })
      .where('id', '=', saved.id)
      .execute();
    const got = (await call(multi, '1001', 'GET', `/api/blocking-rules/${saved.id}`)).json();
    expect(got.status).toBe('expired');
    const history = (await call(multi, '1001', 'GET', `/api/blocking-rules/${saved.id}/history`)).json();
    expect(history[0]).toMatchObject({ action: 'expire', actor: 'System (expiry)' });
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/blocking-rules/feed?publisherId=1001',
      headers: { authorization: `Bearer ${FEED_TOKEN}` },
    });
    expect(JSON.stringify(feed.json())).not.toContain('Expiring Brand');
  });

  it('serves the feed per site with an ETag and answers 304 while nothing changed', async () => {
    const url = '/api/blocking-rules/feed?publisherId=1001';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${multi}` } })).statusCode).toBe(401);
    const auth = { authorization: `Bearer ${FEED_TOKEN}` };
    const first = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const feed = first.json();
    // Only active sites of 1001 (5001, 5002), each with the rules that apply to it.
    expect(feed.sites.map((s: { siteId: string }) => s.siteId)).toEqual(['5001', '5002']);
    const again = await t.app.inject({ method: 'GET', url, headers: { ...auth, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const scoped = (
      await call(
        multi,
        '1001',
        'POST',
        '/api/blocking-rules',
        rule({ name: 'Travel only', type: 'keyword', values: ['feed-kw'], siteIds: ['5002'] }),
      )
    ).json();
    expect(scoped.rule).toBeTruthy();
    const changed = await t.app.inject({ method: 'GET', url, headers: { ...auth, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const sites = changed.json().sites as { siteId: string; rules: { name: string }[] }[];
    expect(sites.find((s) => s.siteId === '5002')!.rules.map((r) => r.name)).toContain('Travel only');
    expect(sites.find((s) => s.siteId === '5001')!.rules.map((r) => r.name)).not.toContain('Travel only');
    // Paused rules are not served.
    await call(multi, '1001', 'POST', `/api/blocking-rules/${scoped.rule.id}/pause`);
    const paused = (await t.app.inject({ method: 'GET', url, headers: auth })).json();
    expect(JSON.stringify(paused)).not.toContain('Travel only');
  });

  it('previews the impact of a brand rule over the last 30 days and warns above half the revenue', async () => {
    const res = await call(multi, '1001', 'POST', '/api/blocking-rules/impact', { type: 'brand', values: ['acmebank'], siteIds: null });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ priced: true, totalRevenue: 100, removedRevenue: 60, removedImpressions: 6000, revenueShare: 0.6 });
    expect(p.sites.find((s: { siteId: string }) => s.siteId === '5001')).toMatchObject({ siteName: 'Northwind News', removedRevenue: 60 });
    expect(p.warnings.join(' ')).toMatch(/more than half/);
    const all = (
      await call(multi, '1001', 'POST', '/api/blocking-rules/impact', { type: 'brand', values: ['AcmeBank', 'Globex'], siteIds: ['5002'] })
    ).json();
    expect(all.removedRevenue).toBe(15);
    expect(all.warnings.join(' ')).toMatch(/every brand/);
    const kw = (await call(multi, '1001', 'POST', '/api/blocking-rules/impact', { type: 'keyword', values: ['x'], siteIds: null })).json();
    expect(kw).toMatchObject({ priced: false, coverage: null, removedRevenue: 0, warnings: [] });
    expect(kw.reason).toMatch(/do not record page content/);
    expect(p).toMatchObject({ reason: null, coverage: 1 });
  });

  it('prices an advertiser domain rule from the sales that recorded a domain, subdomains included, and says the coverage', async () => {
    const impact = (body: object) => call(multi, '1001', 'POST', '/api/blocking-rules/impact', body);
    const res = await impact({ type: 'advertiser_domain', values: ['https://Globex.com/path'], siteIds: null });
    expect(res.statusCode).toBe(200);
    // 85 of the 100 recorded a domain; ads.globex.com (25, 2500 impressions) is inside globex.com.
    expect(res.json()).toEqual({
      dateFrom: day(-30),
      dateTo: day(-1),
      priced: true,
      reason: null,
      coverage: 0.85,
      currency: 'USD',
      totalRevenue: 100,
      totalImpressions: 10000,
      removedRevenue: 25,
      removedImpressions: 2500,
      revenueShare: 0.25,
      impressionShare: 0.25,
      sites: [
        { siteId: '5001', siteName: 'Northwind News', removedRevenue: 25, removedImpressions: 2500, revenueShare: 25 / 85, coverage: 1 },
        { siteId: '5002', siteName: 'Northwind Sport', removedRevenue: 0, removedImpressions: 0, revenueShare: 0, coverage: 0 },
      ],
      warnings: [],
    });
    // Only 5002 in scope, and none of its sales recorded a domain: not priced, and says why.
    const none = (await impact({ type: 'advertiser_domain', values: ['globex.com'], siteIds: ['5002'] })).json();
    expect(none).toMatchObject({ priced: false, coverage: null, removedRevenue: 0, warnings: [] });
    expect(none.reason).toMatch(/None of the sales on these sites .* recorded an advertiser domain/);
  });

  it('prices an IAB category rule with everything inside the category, and warns above half the revenue', async () => {
    const impact = (body: object) => call(multi, '1001', 'POST', '/api/blocking-rules/impact', body);
    // Personal Finance (391) covers AcmeBank's Consumer Banking (392, 60) and Globex on 5002 (391, 15).
    const p = (await impact({ type: 'iab_category', values: ['391'], siteIds: null })).json();
    expect(p).toMatchObject({ priced: true, coverage: 0.75, removedRevenue: 75, removedImpressions: 7500, revenueShare: 0.75 });
    expect(p.sites).toEqual([
      {
        siteId: '5001',
        siteName: 'Northwind News',
        removedRevenue: 60,
        removedImpressions: 6000,
        revenueShare: 60 / 85,
        coverage: 60 / 85,
      },
      { siteId: '5002', siteName: 'Northwind Sport', removedRevenue: 15, removedImpressions: 1500, revenueShare: 1, coverage: 1 },
    ]);
    expect(p.warnings).toEqual([
      'This rule would have removed 75% of your net revenue over the last 30 days, more than half.',
      'This rule blocks every IAB category that earned revenue on these sites in the last 30 days (of the sales that recorded one).',
    ]);
    // A category none of the sales is in, on one site: priced at zero, with that site's coverage.
    const other = (await impact({ type: 'iab_category', values: ['52'], siteIds: ['5001'] })).json();
    expect(other).toMatchObject({ priced: true, coverage: 60 / 85, removedRevenue: 0, warnings: [] });
    expect(other.sites.map((s: { siteId: string }) => s.siteId)).toEqual(['5001']);
  });

  it('exports values as injection-safe CSV and imports them back', async () => {
    const saved = (
      await call(
        multi,
        '1001',
        'POST',
        '/api/blocking-rules',
        rule({ name: 'Csv', type: 'keyword', values: ['=cmd|calc', 'plain, with comma'] }),
      )
    ).json().rule;
    const csv = await call(multi, '1001', 'GET', `/api/blocking-rules/${saved.id}/values.csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toBe(`value\r\n'=cmd|calc\r\n"plain, with comma"\r\n`);
    const back = (await call(multi, '1001', 'POST', '/api/blocking-rules/values/import', { csv: csv.body })).json();
    expect(back.values).toEqual(['=cmd|calc', 'plain, with comma']);
  });

  it('defines both limits as LIMIT flags (migration 0046) that the admin console lists and overrides per publisher', async () => {
    const admin = (await signIn(t.app, DEMO.admin)).idToken;
    const adminCall = (method: Method | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
    const flags = (await adminCall('GET', '/api/admin/feature-flags')).json() as { key: string }[];
    expect(flags.find((f) => f.key === 'blocking_rules.max_values')).toMatchObject({ shape: 'LIMIT', defaultValue: 1000 });
    expect(flags.find((f) => f.key === 'blocking_rules.max_rules')).toMatchObject({ shape: 'LIMIT', defaultValue: 200 });
    const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    const check = (publisher: string, n: number) =>
      call(multi, publisher, 'POST', '/api/blocking-rules/check', rule({ type: 'keyword', values: values(n) }));
    // The flag's default decides, not the configured fallback (50 in this test app).
    expect((await check('1001', 1000)).statusCode).toBe(200);
    const over = await check('1001', 1001);
    expect(over.statusCode).toBe(400);
    expect(over.json().fields.values).toMatch(/at most 1000 values/);
    // An admin override changes it for that publisher only.
    expect((await adminCall('PUT', '/api/admin/feature-flags/blocking_rules.max_values/overrides/1001', { value: 3 })).statusCode).toBe(
      200,
    );
    const four = await call(multi, '1001', 'POST', '/api/blocking-rules', rule({ name: 'Four', type: 'keyword', values: values(4) }));
    expect(four.statusCode).toBe(400);
    expect(four.json().fields.values).toMatch(/at most 3 values/);
    expect(
      (await call(multi, '1001', 'POST', '/api/blocking-rules', rule({ name: 'Three', type: 'keyword', values: values(3) }))).statusCode,
    ).toBe(200);
    expect((await check('1002', 4)).statusCode).toBe(403); // not the caller's publisher
    const single4 = await call(single, '1002', 'POST', '/api/blocking-rules/check', rule({ type: 'keyword', values: values(4) }));
    expect(single4.statusCode).toBe(200);
    // Changing the default reaches every publisher without an override; clearing the override restores it.
    expect((await adminCall('PATCH', '/api/admin/feature-flags/blocking_rules.max_values', { defaultValue: 2 })).statusCode).toBe(200);
    expect((await call(single, '1002', 'POST', '/api/blocking-rules/check', rule({ type: 'keyword', values: values(3) }))).statusCode).toBe(
      400,
    );
    expect((await adminCall('DELETE', '/api/admin/feature-flags/blocking_rules.max_values/overrides/1001')).statusCode).toBe(200);
    expect((await check('1001', 3)).json().fields.values).toMatch(/at most 2 values/);
    expect((await adminCall('PATCH', '/api/admin/feature-flags/blocking_rules.max_values', { defaultValue: 1000 })).statusCode).toBe(200);
  });
});
