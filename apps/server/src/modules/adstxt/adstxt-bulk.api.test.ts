import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import type { AdsTxtCrawlerPort, CrawlOutcome } from './adstxt.service';

// Crawls answer from this table (the crawler has its own tests); a domain absent from it is a 404.
const served: Record<string, CrawlOutcome> = {};
const crawler: AdsTxtCrawlerPort = {
  async crawl(domain) {
    return served[domain] ?? { status: 'not_found', httpStatus: 404, redirectChain: [], fetchedAt: new Date() };
  },
  async verifyRedirection() {
    return { status: 'verified' };
  },
};
const ok = (body: string): CrawlOutcome => ({
  status: 'ok',
  httpStatus: 200,
  redirectChain: [],
  body,
  contentHash: String(body.length),
  fetchedAt: new Date(),
});

let t: TestApp;
let multi: string;
let single: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({}, { adsTxtCrawler: crawler });
  const token = async (email: string) => (await signIn(t.app, email)).idToken;
  multi = await token(DEMO.multi);
  single = await token(DEMO.single);
  staff = await token(DEMO.staff);
});
afterAll(async () => t.close());

const call = (token: string, publisher: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher ?? undefined), ...(payload ? { payload } : {}) });

describe('restore an earlier revision', () => {
  it('makes a new revision with the old content, audited as a restore', async () => {
    await call(multi, '1001', 'POST', '/api/adstxt/domains/d5001/hosting');
    const first = (
      await call(multi, '1001', 'POST', '/api/adstxt/domains/d5001/revisions', { content: 'google.com, pub-1, DIRECT\n' })
    ).json();
    const second = (
      await call(multi, '1001', 'POST', '/api/adstxt/domains/d5001/revisions', { content: 'openx.com, 2, RESELLER\n' })
    ).json();
    expect(second.revision_id).toBeGreaterThan(first.revision_id);

    const res = await call(multi, '1001', 'POST', `/api/adstxt/domains/d5001/revisions/${first.revision_id}/restore`);
    expect(res.statusCode).toBe(200);
    const restored = res.json();
    expect(restored).toMatchObject({ linesAdded: 1, linesRemoved: 1 });
    expect(restored.revision_id).toBeGreaterThan(second.revision_id);
    const text = await call(multi, '1001', 'GET', `/api/adstxt/domains/d5001/revisions/${restored.revision_id}`);
    expect(text.body).toBe('google.com, pub-1, DIRECT\n');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'adstxt.revision_restored')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ restoredFrom: first.revision_id, revisionId: restored.revision_id });
  });

  it('refuses another publisher and unknown revisions', async () => {
    expect((await call(single, '1002', 'POST', '/api/adstxt/domains/d5001/revisions/1/restore')).statusCode).toBe(404);
    expect((await call(multi, '1001', 'POST', '/api/adstxt/domains/d5001/revisions/999999/restore')).statusCode).toBe(404);
    expect((await call(multi, '1001', 'POST', '/api/adstxt/domains/d5001/revisions/abc/restore')).statusCode).toBe(400);
  });
});

describe('all missing lines at once', () => {
  it('downloads every domain’s missing lines under a heading per domain', async () => {
    const res = await call(multi, '1001', 'GET', '/api/adstxt/missing-lines');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="all-missing-ads-txt-lines.txt"');
    // The demo seed: northwind-news.example lacks three lines, its sport subdomain (a 404) all four.
    expect(res.body).toBe(
      [
        '# northwind-news.example: 3 missing lines',
        'appnexus.com, 11001, RESELLER, f5ab79cb980f11d1',
        'appnexus.com, 21001, DIRECT, f5ab79cb980f11d1',
        'exchange.partners-center.example, 11001, RESELLER',
        '',
        '# sport.northwind-news.example: 4 missing lines',
        'partners-center.example, 1001, DIRECT',
        'appnexus.com, 11001, RESELLER, f5ab79cb980f11d1',
        'appnexus.com, 21001, DIRECT, f5ab79cb980f11d1',
        'exchange.partners-center.example, 11001, RESELLER',
        '',
      ].join('\n'),
    );
  });
});

describe('staff: every publisher and bulk verify', () => {
  it('lists all publishers’ domains for staff only', async () => {
    const res = await call(staff, null, 'GET', '/api/adstxt/all-publishers');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { publisher_id: string; domain_name: string; status: string }[];
    expect(new Set(rows.map((r) => r.publisher_id))).toEqual(new Set(['1001', '1002', '1003', '1004']));
    expect(rows.find((r) => r.domain_name === 'blueharbor.example')).toMatchObject({
      publisher_id: '1002',
      status: 'authorized',
      sellerIssues: 1,
    });
    expect((await call(multi, '1001', 'GET', '/api/adstxt/all-publishers')).statusCode).toBe(403);
    expect((await call(multi, '1001', 'POST', '/api/adstxt/all-publishers/verify', { domainIds: ['d5001'] })).statusCode).toBe(403);
  });

  it('queues one crawl per existing domain, and the crawls run', async () => {
    const res = await call(staff, null, 'POST', '/api/adstxt/all-publishers/verify', { domainIds: ['d5101', 'd5101', 'nope', 'd5001'] });
    expect(res.json()).toEqual({ queued: 2 });
    const bad = await call(staff, null, 'POST', '/api/adstxt/all-publishers/verify', { domainIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('domainIds');
    expect(await t.built.workers.adsTxtCrawls.drain()).toBeGreaterThanOrEqual(2);
  });
});

describe('alerts when a file disappears or loses required lines', () => {
  it('e-mails the publisher’s people once per worsening, not on every crawl', async () => {
    const outbox = async () => {
      // The alert is the queued mail of the incident the worsening opens (one e-mail, not two).
      while ((await t.built.workers.incidentNotifications.drain()) > 0);
      return t.db
        .selectFrom('outbox')
        .select(['to_address', 'subject', 'text_body'])
        .where('subject', 'like', 'living.evergreen%')
        .execute();
    };
    const required: string[] = (await call(multi, '1003', 'GET', '/api/adstxt/domains/d5201')).json().requiredLines;
    served['living.evergreen-digital.example'] = ok(required.join('\n'));
    await call(multi, '1003', 'POST', '/api/adstxt/domains/d5201/verify');
    expect(await outbox()).toHaveLength(0);

    served['living.evergreen-digital.example'] = ok(required.slice(1).join('\n'));
    await call(multi, '1003', 'POST', '/api/adstxt/domains/d5201/verify');
    await call(multi, '1003', 'POST', '/api/adstxt/domains/d5201/verify'); // same state: no second mail
    let mails = await outbox();
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      [DEMO.multi, 'living.evergreen-digital.example: ads.txt lost required lines'],
    ]);
    expect(mails[0]!.text_body).toContain('its ads.txt has lost 1 required line (1 now missing)');

    delete served['living.evergreen-digital.example'];
    await call(multi, '1003', 'POST', '/api/adstxt/domains/d5201/verify');
    mails = await outbox();
    expect(mails.map((m) => m.subject)).toContain('living.evergreen-digital.example: ads.txt has disappeared');
  });
});
