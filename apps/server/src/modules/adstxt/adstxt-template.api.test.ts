import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

// The admin's required-lines template and what saving it changes: every
// publisher's required and missing lines, the domain statuses and the hosted files follow at once.
let t: TestApp;
let admin: string;
let multi: string;
let single: string;
let demoTemplate: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, DEMO.admin)).idToken;
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  demoTemplate = (await get(admin, '/api/adstxt/template')).json().content;
});
// Each test starts from the demo template, whatever the one before it saved.
afterEach(async () => {
  expect((await putTemplate(admin, demoTemplate)).statusCode).toBe(200);
});
afterAll(async () => t.close());

const get = (token: string, url: string, publisher?: string) => t.app.inject({ method: 'GET', url, headers: bearer(token, publisher) });
const putTemplate = (token: string, content: string) =>
  t.app.inject({ method: 'PUT', url: '/api/adstxt/template', headers: bearer(token), payload: { content } });
const missing = async (token: string, publisher: string, domainId: string) =>
  (await get(token, `/api/adstxt/domains/${domainId}/missing-lines`, publisher)).body.split('\n').filter(Boolean);

describe('required-lines template', () => {
  it('a saved line becomes required for every publisher with its own ids, and is audited', async () => {
    const before = demoTemplate;
    expect(await missing(single, '1002', 'd5101')).toEqual([]);
    expect(await missing(multi, '1001', 'd5001')).toHaveLength(3);

    const saved = await putTemplate(admin, `${before}\nnewssp.example, {publisher_id}, DIRECT`);
    expect(saved.statusCode).toBe(200);
    expect((await get(admin, '/api/adstxt/template')).json().content).toBe(`${before}\nnewssp.example, {publisher_id}, DIRECT`);

    expect(await missing(single, '1002', 'd5101')).toEqual(['newssp.example, 1002, DIRECT']);
    const northwind = await missing(multi, '1001', 'd5001');
    expect(northwind).toHaveLength(4);
    expect(northwind).toContain('newssp.example, 1001, DIRECT');
    const list = (await get(single, '/api/adstxt/domains', '1002')).json() as { domain_id: string; status: string; missingCount: number }[];
    expect(list.find((d) => d.domain_id === 'd5101')).toMatchObject({ status: 'missing_lines', missingCount: 1 });

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'adstxt.template_updated')
      .executeTakeFirst();
    expect(audit).toBeDefined();
  });

  it('a hosted file carries the template as it is now, and a removed line stops being required', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/adstxt/domains/d5101/hosting', headers: bearer(single, '1002') })).statusCode,
    ).toBe(200);
    await putTemplate(admin, 'partners-center.example, {publisher_id}, DIRECT\nlatessp.example, {pub_an_id}, RESELLER');
    const hosted = (await t.app.inject({ method: 'GET', url: '/hosted/ads-txt/blueharbor.example/ads.txt' })).body;
    expect(hosted).toContain('# Required by Partners Center\nlatessp.example, 11002, RESELLER\n');
    expect(hosted).not.toContain('newssp.example');
    expect(await missing(multi, '1001', 'd5001')).toEqual(['latessp.example, 11001, RESELLER']);
  });

  it('only admins save it, and nothing changes when a non-admin tries', async () => {
    const staff = (await signIn(t.app, DEMO.staff)).idToken;
    const before = (await get(admin, '/api/adstxt/template')).json().content;
    expect((await putTemplate(staff, 'evil.example, 1, DIRECT')).statusCode).toBe(403);
    expect((await putTemplate(multi, 'evil.example, 1, DIRECT')).statusCode).toBe(403);
    expect((await get(admin, '/api/adstxt/template')).json().content).toBe(before);
  });
});

describe('template editor API (console)', () => {
  const preview = (token: string, content: string) =>
    t.app.inject({ method: 'POST', url: '/api/adstxt/template/preview', headers: bearer(token), payload: { content } });

  it('a preview checks with the shared parser and shows the diff, and changes nothing', async () => {
    const res = await preview(admin, `${demoTemplate}\nnewssp.example, {publisher_id}, DIRECT\nbroken line\nx.example, {nope}, DIRECT`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { problems: { line: number; code: string; severity: string }[]; diff: { type: string; lines: string[] }[] };
    const first = demoTemplate.split('\n').length + 1;
    expect(body.problems.map((p) => [p.line, p.code, p.severity])).toEqual([
      [first + 1, 'malformed_record', 'error'],
      [first + 2, 'unknown_placeholder', 'error'],
    ]);
    expect(body.diff.filter((d) => d.type === 'added').flatMap((d) => d.lines)).toEqual([
      'newssp.example, {publisher_id}, DIRECT',
      'broken line',
      'x.example, {nope}, DIRECT',
    ]);
    expect((await get(admin, '/api/adstxt/template')).json().content).toBe(demoTemplate);
    expect((await preview((await signIn(t.app, DEMO.staff)).idToken, demoTemplate)).statusCode).toBe(403);
    expect((await preview(multi, demoTemplate)).statusCode).toBe(403);
  });

  it('saving a template with parser errors is a 400 on the content field and keeps the old one', async () => {
    const res = await putTemplate(admin, `${demoTemplate}\nexample.com, 1, SOMETIMES`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.content).toMatch(/^Line \d+: .*SOMETIMES/);
    expect((await get(admin, '/api/adstxt/template')).json().content).toBe(demoTemplate);
  });

  it('a save records who, when, and the added and removed lines in the audit log', async () => {
    const content = demoTemplate.replace(/\nexchange\.partners-center\.example[^\n]*/, '') + '\nnewssp.example, {publisher_id}, RESELLER';
    expect((await putTemplate(admin, content)).statusCode).toBe(200);
    const details = (await get(admin, '/api/adstxt/template')).json();
    expect(details).toMatchObject({ content, updatedBy: DEMO.admin });
    expect(Date.now() - Date.parse(details.updatedAt)).toBeLessThan(60_000);
    const audit = (await get(admin, '/api/admin/audit?action=adstxt.template_updated')).json() as { actor: string; details: unknown }[];
    expect(audit[0]).toMatchObject({
      actor: DEMO.admin,
      details: {
        added: ['newssp.example, {publisher_id}, RESELLER'],
        removed: ['exchange.partners-center.example, {pub_an_id}, RESELLER'],
      },
    });
  });
});
