import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import type { AdsTxtCrawlerPort } from './adstxt.service';

// What each domain serves, per file; the test writes a verification token here to prove control.
const served = new Map<string, string>();
const crawler: AdsTxtCrawlerPort = {
  async crawl(domain, _previous, fileName = 'ads.txt') {
    const body = served.get(`${domain}/${fileName}`);
    return body === undefined
      ? { status: 'not_found', httpStatus: 404, redirectChain: [], fetchedAt: new Date() }
      : { status: 'ok', httpStatus: 200, redirectChain: [`https://${domain}/${fileName}`], body, contentHash: 'h', fetchedAt: new Date() };
  },
  async verifyRedirection() {
    return { status: 'verified' };
  },
};
// The DNS TXT records of each domain (node:dns resolveTxt's shape: each record in chunks).
const txt = new Map<string, string[][]>();
const resolveTxt = async (domain: string) => {
  const records = txt.get(domain);
  if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${domain}`), { code: 'ENOTFOUND' });
  return records;
};

let t: TestApp;
let multi: string; // publishers 1001 (site northwind-news.example) and 1003
let single: string; // publisher 1002
let staff: string;
beforeAll(async () => {
  t = await createTestApp({}, { adsTxtCrawler: crawler, dnsTxtResolver: resolveTxt });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
});
afterAll(async () => t.close());

const call = (token: string, publisher: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
const hosted = (domain: string) => t.app.inject({ method: 'GET', url: `/hosted/app-ads-txt/${domain}/app-ads.txt` });

interface Claim {
  domain_id: string;
  domain: string;
  status: 'pending' | 'rejected';
  token: string;
  dnsRecord: string;
  fileLine: string;
}
const claimsOf = async (token: string, publisher: string) =>
  (await call(token, publisher, 'GET', '/api/adstxt/app-domains/claims')).json() as Claim[];

describe('app developer domains belong to whoever proves them', () => {
  it("does not let a publisher take over another publisher's site domain, and never blocks the owner", async () => {
    // 1002 claims the site domain of 1001: the claim waits for proof, nothing is served for it.
    const taken = await call(single, '1002', 'POST', '/api/adstxt/app-domains', { domain: 'northwind-news.example' });
    expect(taken.statusCode).toBe(200);
    const id = taken.json().domain_id as string;
    // Not a managed domain yet: no hosting, no revision, no hosted file.
    expect((await call(single, '1002', 'POST', `/api/adstxt/domains/${id}/hosting`)).statusCode).toBe(404);
    expect(
      (await call(single, '1002', 'POST', `/api/adstxt/domains/${id}/revisions`, { content: 'evil.example, 666, DIRECT\n' })).statusCode,
    ).toBe(404);
    expect((await hosted('northwind-news.example')).statusCode).toBe(404);
    expect(taken.json()).toMatchObject({ claimStatus: 'pending' });
    expect(await t.built.workers.adsTxtCrawls.drain()).toBe(0);

    // The owner adds its own site domain: no proof, no 409, its file is served.
    const own = await call(multi, '1001', 'POST', '/api/adstxt/app-domains', { domain: 'northwind-news.example' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ claimStatus: 'active' });
    await call(multi, '1001', 'POST', `/api/adstxt/domains/${own.json().domain_id}/hosting`);
    await call(multi, '1001', 'POST', `/api/adstxt/domains/${own.json().domain_id}/revisions`, { content: 'openx.com, 77, RESELLER\n' });
    const file = await hosted('northwind-news.example');
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('partners-center.example, 1001, DIRECT');
    expect(file.body).not.toContain('1002');

    // The claimer sees its pending claim with a token and both ways to prove it.
    const [claim] = await claimsOf(single, '1002');
    expect(claim).toMatchObject({ domain_id: id, domain: 'northwind-news.example', status: 'pending' });
    expect(claim!.token).toMatch(/^[a-f0-9]{32}$/);
    expect(claim!.dnsRecord).toBe(`partners-center-verification=${claim!.token}`);
    expect(claim!.fileLine).toContain(claim!.token);
    // Another publisher's claims are not listed, and its claim cannot be verified from here.
    expect(await claimsOf(multi, '1001')).toEqual([]);
    expect((await call(multi, '1001', 'POST', `/api/adstxt/app-domains/${id}/verify`)).statusCode).toBe(404);
  });

  it('keeps a claim pending until its token is found, then serves it (hosted file or DNS TXT)', async () => {
    // 1001 claims a domain nobody has: first come, active at once.
    const first = await call(multi, '1001', 'POST', '/api/adstxt/app-domains', { domain: 'apps.shared.example' });
    expect(first.json()).toMatchObject({ claimStatus: 'active' });
    // 1002 claims it too: pending; "Verify now" finds no token.
    const second = await call(single, '1002', 'POST', '/api/adstxt/app-domains', { domain: 'apps.shared.example' });
    expect(second.json()).toMatchObject({ claimStatus: 'pending' });
    const id = second.json().domain_id as string;
    const miss = await call(single, '1002', 'POST', `/api/adstxt/app-domains/${id}/verify`);
    expect(miss.statusCode).toBe(200);
    expect(miss.json()).toMatchObject({ status: 'pending' });
    expect(miss.json().checks.map((c: { method: string; ok: boolean }) => [c.method, c.ok])).toEqual([
      ['hosted_file', false],
      ['dns_txt', false],
    ]);
    // The domain serves the token in its /ads.txt: proven, active, and the unproven first claim steps back.
    const claim = (await claimsOf(single, '1002')).find((c) => c.domain_id === id)!;
    served.set('apps.shared.example/ads.txt', `# ${claim.fileLine}\nopenx.com, 1, DIRECT\n`);
    const hit = await call(single, '1002', 'POST', `/api/adstxt/app-domains/${id}/verify`);
    expect(hit.json()).toMatchObject({ status: 'active', method: 'hosted_file' });
    const list = (await call(single, '1002', 'GET', '/api/adstxt/domains')).json() as { domain_id: string }[];
    expect(list.map((d) => d.domain_id)).toContain(id);
    expect((await claimsOf(multi, '1001')).map((c) => [c.domain, c.status])).toEqual([['apps.shared.example', 'pending']]);

    // DNS TXT: 1003 claims a domain 1002 holds and proves it by a TXT record.
    await call(single, '1002', 'POST', '/api/adstxt/app-domains', { domain: 'games.blue.example' });
    const third = await call(multi, '1003', 'POST', '/api/adstxt/app-domains', { domain: 'games.blue.example' });
    expect(third.json()).toMatchObject({ claimStatus: 'pending' });
    const c3 = (await claimsOf(multi, '1003')).find((c) => c.domain === 'games.blue.example')!;
    txt.set('games.blue.example', [['v=spf1 -all'], ['partners-center-verification=', c3.token]]);
    const dns = await call(multi, '1003', 'POST', `/api/adstxt/app-domains/${c3.domain_id}/verify`);
    expect(dns.json()).toMatchObject({ status: 'active', method: 'dns_txt' });
    const audit = await t.db.selectFrom('audit_log').select(['action', 'publisher_id']).where('action', 'like', 'adstxt.claim_%').execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'adstxt.claim_proven', publisher_id: '1002' },
        { action: 'adstxt.claim_displaced', publisher_id: '1001' },
        { action: 'adstxt.claim_proven', publisher_id: '1003' },
      ]),
    );
    // 1001's people are told at once that its file is no longer served there.
    const mails = await t.db.selectFrom('jobs').select('payload').where('queue', '=', 'services-mail').execute();
    const told = mails.map((m) => m.payload as { to: string[]; subject: string });
    expect(told).toContainEqual({
      to: expect.arrayContaining([DEMO.multi]),
      subject: expect.stringContaining('your app-ads.txt for apps.shared.example is no longer served'),
      text: expect.stringContaining('prove it again'),
    });
  });

  it('lets staff list, approve and reject claims with a reason, audited; publishers cannot', async () => {
    const a = await call(single, '1002', 'POST', '/api/adstxt/app-domains', { domain: 'sport.northwind-news.example' });
    expect(a.json()).toMatchObject({ claimStatus: 'pending' });
    const listed = await call(staff, undefined, 'GET', '/api/admin/domain-claims');
    expect(listed.statusCode).toBe(200);
    const row = (listed.json() as { claimId: string; domain: string; publisherId: string; siteOwners: { publisherId: string }[] }[]).find(
      (r) => r.claimId === a.json().domain_id,
    );
    expect(row).toMatchObject({ domain: 'sport.northwind-news.example', publisherId: '1002', siteOwners: [{ publisherId: '1001' }] });
    expect((await call(single, '1002', 'GET', '/api/admin/domain-claims')).statusCode).toBe(403);

    const noReason = await call(staff, undefined, 'POST', `/api/admin/domain-claims/${row!.claimId}/reject`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    const rejected = await call(staff, undefined, 'POST', `/api/admin/domain-claims/${row!.claimId}/reject`, {
      reason: 'The domain is the site of another partner.',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await claimsOf(single, '1002')).find((c) => c.domain_id === row!.claimId)).toMatchObject({ status: 'rejected' });
    // A rejected claim is not proven later by a token; the publisher removes it and claims again.
    expect((await call(single, '1002', 'POST', `/api/adstxt/app-domains/${row!.claimId}/verify`)).statusCode).toBe(409);

    const b = await call(multi, '1003', 'POST', '/api/adstxt/app-domains', { domain: 'apps.shared.example' });
    const approved = await call(staff, undefined, 'POST', `/api/admin/domain-claims/${b.json().domain_id}/approve`, {
      reason: 'Checked with the app store listing.',
    });
    expect(approved.statusCode).toBe(200);
    expect((await hosted('apps.shared.example')).statusCode).toBe(404); // hosting is the new holder's own switch
    const list = (await call(multi, '1003', 'GET', '/api/adstxt/domains')).json() as { domain_id: string }[];
    expect(list.map((d) => d.domain_id)).toContain(b.json().domain_id);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', 'in', ['adstxt.claim_rejected', 'adstxt.claim_approved'])
      .execute();
    expect(audit.map((r) => [r.action, (r.details as { reason: string }).reason])).toEqual([
      ['adstxt.claim_rejected', 'The domain is the site of another partner.'],
      ['adstxt.claim_approved', 'Checked with the app store listing.'],
    ]);
    expect((await call(staff, undefined, 'POST', '/api/admin/domain-claims/nope/approve', { reason: 'No such claim.' })).statusCode).toBe(
      404,
    );
  });

  it("sets an earlier unproven claim on another partner's site domain back to pending (migration 0140)", async () => {
    // A row as the old code made it: 1002's active app claim on 1003's site domain, hosted.
    await t.db
      .insertInto('adstxt_domains')
      .values({
        id: 'alegacy',
        publisher_id: '1002',
        site_id: null,
        domain_name: 'living.evergreen-digital.example',
        kind: 'app',
        hosted_enabled: true,
      })
      .execute();
    expect((await hosted('living.evergreen-digital.example')).statusCode).toBe(200);
    const migration = readFileSync(new URL('../../db/migrations/0140_app_domain_claims.sql', import.meta.url), 'utf8');
    await sql.raw(migration.slice(migration.indexOf('-- Rows from before'))).execute(t.db);
    expect((await hosted('living.evergreen-digital.example')).statusCode).toBe(404);
    const claim = (await claimsOf(single, '1002')).find((c) => c.domain_id === 'alegacy');
    expect(claim).toMatchObject({ status: 'pending', domain: 'living.evergreen-digital.example' });
    expect(claim!.token).toMatch(/^[a-f0-9]{32}$/);
    // Rows that were fine stay active: the sites' own rows and 1001's claim of its own site domain.
    const active = await t.db
      .selectFrom('adstxt_domains')
      .select('id')
      .where('claim_status', '=', 'active')
      .where('kind', '=', 'web')
      .execute();
    expect(active.length).toBeGreaterThan(0);
    expect((await hosted('northwind-news.example')).statusCode).toBe(200);
  });
});
