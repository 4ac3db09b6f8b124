import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import type { AdsTxtCrawlerPort, CrawlOutcome } from './adstxt.service';

const SERVED_BODY = 'partners-center.example, 1001, DIRECT\ngoogle.com, pub-1, RESELLER, f08c47fec0942fa0\n';
/** What publisher 1001's template requires and SERVED_BODY lacks (the same for every site of 1001). */
const MISSING_LINES =
  'appnexus.com, 11001, RESELLER, f5ab79cb980f11d1\nappnexus.com, 21001, DIRECT, f5ab79cb980f11d1\nexchange.partners-center.example, 11001, RESELLER\n';

/** Crawls answer from this table instead of the network (the crawler has its own tests). */
const served: Record<string, CrawlOutcome> = {};
/** Domains whose ads.txt redirects to the hosted file. */
const redirected = new Set<string>();
const crawler: AdsTxtCrawlerPort = {
  async crawl(domain) {
    return served[domain] ?? { status: 'not_found', httpStatus: 404, redirectChain: [], fetchedAt: new Date() };
  },
  async verifyRedirection(domain) {
    return redirected.has(domain)
      ? { status: 'verified' }
      : { status: 'broken', reason: 'The domain answers with its own file, not the hosted one.' };
  },
};

let t: TestApp;
let multi: string;
let single: string;
beforeAll(async () => {
  t = await createTestApp({}, { adsTxtCrawler: crawler });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  served['northwind-news.example'] = {
    status: 'ok',
    httpStatus: 200,
    redirectChain: ['https://northwind-news.example/ads.txt'],
    body: SERVED_BODY,
    contentHash: 'x',
    fetchedAt: new Date(),
  };
});
afterAll(async () => t.close());

const call = (token: string, publisher: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });

let nextSite = 5900;
/**
 * A site of publisher 1001 that only the calling test uses, crawled once so hosting can start from
 * its file: no test depends on what another test wrote or on the order they run in.
 */
async function crawledDomain(): Promise<{ id: string; domain: string }> {
  const siteId = String(nextSite++);
  const domain = `t${siteId}.northwind-news.example`;
  await t.db
    .insertInto('sites')
    .values({ id: siteId, publisher_id: '1001', name: `Test ${siteId}`, domain })
    .execute();
  served[domain] = { ...served['northwind-news.example'], redirectChain: [`https://${domain}/ads.txt`] } as CrawlOutcome;
  const crawl = await call(multi, '1001', 'POST', `/api/adstxt/domains/d${siteId}/verify`);
  expect(crawl.statusCode).toBe(200);
  return { id: `d${siteId}`, domain };
}

async function hostedDomain(): Promise<{ id: string; domain: string }> {
  const d = await crawledDomain();
  expect((await call(multi, '1001', 'POST', `/api/adstxt/domains/${d.id}/hosting`)).statusCode).toBe(200);
  return d;
}

describe('ads.txt domains', () => {
  it('lists the publisher domains with spec fields and a status from the crawl', async () => {
    const verified = await call(multi, '1001', 'POST', '/api/adstxt/domains/d5001/verify');
    expect(verified.statusCode).toBe(200);
    const list = (await call(multi, '1001', 'GET', '/api/adstxt/domains')).json();
    const news = list.find((d: { domain_id: string }) => d.domain_id === 'd5001');
    expect(news).toMatchObject({
      domain_name: 'northwind-news.example',
      pub_name: 'Northwind News',
      pub_an_id: '11001',
      ads_txt_redirection_status: 'not_set_up',
      revision_id: null,
      status: 'missing_lines',
      missingCount: 3,
    });
    // The demo seed recorded a 404 for the sport subdomain: every required line is missing there.
    const sport = list.find((d: { domain_id: string }) => d.domain_id === 'd5002');
    expect(sport).toMatchObject({ status: 'not_found', missingCount: 4 });
    expect(news.ignoredLines).toBe(0);
  });

  it("counts the lines of a read file that buyers' crawlers drop", async () => {
    // The demo's living.evergreen-digital.example has a record without commas and one with the
    // relationship SOMETIMES: two lines buyers ignore.
    const list = (await call(multi, '1003', 'GET', '/api/adstxt/domains')).json();
    expect(list.find((d: { domain_id: string }) => d.domain_id === 'd5201')).toMatchObject({ ignoredLines: 2 });
    // A domain whose file was never read has nothing to ignore.
    expect(list.find((d: { domain_id: string }) => d.domain_id === 'd5204')).toMatchObject({ ignoredLines: 0 });
  });

  it('a new site has its ads.txt domain from the moment it exists', async () => {
    await t.db
      .insertInto('sites')
      .values({ id: '5999', publisher_id: '1001', name: 'Northwind Travel', domain: 'Travel.Northwind-News.example' })
      .execute();
    const list = (await call(multi, '1001', 'GET', '/api/adstxt/domains')).json();
    expect(list.find((d: { domain_id: string }) => d.domain_id === 'd5999')).toMatchObject({
      domain_name: 'travel.northwind-news.example',
      status: 'not_crawled',
    });
    // Another publisher does not see it.
    const other = (await call(single, '1002', 'GET', '/api/adstxt/domains')).json();
    expect(other.some((d: { domain_id: string }) => d.domain_id === 'd5999')).toBe(false);
  });

  it('downloads exactly the missing lines', async () => {
    const { id } = await crawledDomain();
    const r = await call(multi, '1001', 'GET', `/api/adstxt/domains/${id}/missing-lines`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.body).toBe(MISSING_LINES);
  });

  it('rejects a revision with errors, line by line, and saves none', async () => {
    const { id } = await hostedDomain();
    const before = (await call(multi, '1001', 'GET', `/api/adstxt/domains/${id}/revisions`)).json();
    expect(before).toHaveLength(1);
    const r = await call(multi, '1001', 'POST', `/api/adstxt/domains/${id}/revisions`, {
      content: 'google.com, pub-1, DIRECT\nbad line\nexample.com, 1, SOMETIMES\n',
    });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json().fields)).toEqual(['line.2', 'line.3']);
    const after = (await call(multi, '1001', 'GET', `/api/adstxt/domains/${id}/revisions`)).json();
    expect(after).toEqual(before);
  });

  it('saves revisions with history and a diff, and serves the hosted file exactly', async () => {
    const { id, domain } = await hostedDomain();
    const first = (await call(multi, '1001', 'GET', `/api/adstxt/domains/${id}/revisions`)).json()[0];
    const saved = await call(multi, '1001', 'POST', `/api/adstxt/domains/${id}/revisions`, {
      content: 'partners-center.example, 1001, DIRECT\nopenx.com, 999, RESELLER\n',
    });
    expect(saved.statusCode).toBe(200);
    const { revision_id } = saved.json();
    const history = (await call(multi, '1001', 'GET', `/api/adstxt/domains/${id}/revisions`)).json();
    expect(history[0]).toMatchObject({ revision_id, author: DEMO.multi, linesAdded: 1, linesRemoved: 1 });
    const diff = (await call(multi, '1001', 'GET', `/api/adstxt/domains/${id}/diff?from=${first.revision_id}&to=${revision_id}`)).json();
    expect(diff).toEqual([
      { type: 'same', lines: ['partners-center.example, 1001, DIRECT'] },
      { type: 'removed', lines: ['google.com, pub-1, RESELLER, f08c47fec0942fa0'] },
      { type: 'added', lines: ['openx.com, 999, RESELLER'] },
    ]);
    const hosted = await t.app.inject({ method: 'GET', url: `/hosted/ads-txt/${domain}/ads.txt` });
    expect(hosted.statusCode).toBe(200);
    expect(hosted.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(hosted.body).toBe(
      `partners-center.example, 1001, DIRECT\nopenx.com, 999, RESELLER\n# Required by Partners Center\n${MISSING_LINES}`,
    );
    const rev = await call(multi, '1001', 'GET', `/api/adstxt/domains/${id}/revisions/${revision_id}`);
    expect(rev.body).toBe('partners-center.example, 1001, DIRECT\nopenx.com, 999, RESELLER\n');
    expect(rev.headers['content-disposition']).toContain('attachment');
  });

  it('verify records the redirection status when hosting is on', async () => {
    const { id, domain } = await hostedDomain();
    const broken = (await call(multi, '1001', 'POST', `/api/adstxt/domains/${id}/verify`)).json();
    expect(broken.ads_txt_redirection_status).toBe('broken');
    redirected.add(domain);
    const verified = (await call(multi, '1001', 'POST', `/api/adstxt/domains/${id}/verify`)).json();
    expect(verified.ads_txt_redirection_status).toBe('verified');
  });

  it('a domain without hosting has no hosted file', async () => {
    const { domain } = await crawledDomain();
    expect((await t.app.inject({ method: 'GET', url: `/hosted/ads-txt/${domain}/ads.txt` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/hosted/ads-txt/blueharbor.example/ads.txt' })).statusCode).toBe(404);
  });
});

describe('ads.txt scoping', () => {
  const routes: [string, 'GET' | 'POST', string, object?][] = [
    ['list', 'GET', '/api/adstxt/domains'],
    ['detail', 'GET', '/api/adstxt/domains/d5001'],
    ['verify', 'POST', '/api/adstxt/domains/d5001/verify'],
    ['hosting', 'POST', '/api/adstxt/domains/d5001/hosting'],
    ['missing lines', 'GET', '/api/adstxt/domains/d5001/missing-lines'],
    ['history', 'GET', '/api/adstxt/domains/d5001/revisions'],
    ['save', 'POST', '/api/adstxt/domains/d5001/revisions', { content: 'a.com, 1, DIRECT\n' }],
    ['revision', 'GET', '/api/adstxt/domains/d5001/revisions/1'],
    ['diff', 'GET', '/api/adstxt/domains/d5001/diff?from=1&to=1'],
  ];
  it.each(routes)('%s: 403 with another publisher in Publisher-Scope', async (_n, method, url, body) => {
    expect((await call(single, '1001', method, url, body)).statusCode).toBe(403);
  });
  it.each(routes.slice(1))("%s: another publisher's domain id is not found within the caller's scope", async (_n, method, url, body) => {
    expect((await call(single, '1002', method, url, body)).statusCode).toBe(404);
  });
  it('the template is staff-only to read and admin-only to change', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/adstxt/template', headers: bearer(multi) })).statusCode).toBe(403);
    const staff = (await signIn(t.app, DEMO.staff)).idToken;
    expect((await t.app.inject({ method: 'GET', url: '/api/adstxt/template', headers: bearer(staff) })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/adstxt/template', headers: bearer(staff), payload: { content: 'x' } })).statusCode,
    ).toBe(403);
  });
});
