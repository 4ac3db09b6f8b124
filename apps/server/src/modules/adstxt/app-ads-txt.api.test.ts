import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import type { AdsTxtCrawlerPort } from './adstxt.service';
import { normaliseDomain } from './adstxt-app-domains.service';

// Which file the service asked for, per domain (the crawler's fileName handling has its own test).
const asked: string[] = [];
const crawler: AdsTxtCrawlerPort = {
  async crawl(domain, _previous, fileName = 'ads.txt') {
    asked.push(`${domain}/${fileName}`);
    return fileName === 'app-ads.txt'
      ? {
          status: 'ok',
          httpStatus: 200,
          redirectChain: [`https://${domain}/app-ads.txt`],
          body: 'partners-center.example, 1001, DIRECT\n',
          contentHash: 'h',
          fetchedAt: new Date(),
        }
      : { status: 'not_found', httpStatus: 404, redirectChain: [], fetchedAt: new Date() };
  },
  async verifyRedirection() {
    return { status: 'verified' };
  },
};

let t: TestApp;
let multi: string;
let single: string;
beforeAll(async () => {
  t = await createTestApp({}, { adsTxtCrawler: crawler });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
});
afterAll(async () => t.close());

const call = (token: string, publisher: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });

describe('app-ads.txt', () => {
  it('normalises developer domains as app stores show them', () => {
    expect(normaliseDomain('https://Apps.Northwind-News.example/developer?id=1')).toBe('apps.northwind-news.example');
    expect(normaliseDomain('bücher.example')).toBe('xn--bcher-kva.example');
    expect(normaliseDomain('not a domain')).toBeNull();
  });

  it('adds an app developer domain, crawls its /app-ads.txt and lists it beside the websites', async () => {
    const res = await call(multi, '1001', 'POST', '/api/adstxt/app-domains', { domain: 'https://northwind-news.example/' });
    expect(res.statusCode).toBe(200);
    const { domain_id } = res.json();
    // The same domain has an ads.txt (its site) and now an app-ads.txt (its apps).
    expect(await t.built.workers.adsTxtCrawls.drain()).toBe(1);
    expect(asked).toEqual(['northwind-news.example/app-ads.txt']);
    const list = (await call(multi, '1001', 'GET', '/api/adstxt/domains')).json() as {
      domain_id: string;
      domain_name: string;
      kind: string;
      status: string;
    }[];
    expect(
      list
        .filter((d) => d.domain_name === 'northwind-news.example')
        .map((d) => d.kind)
        .sort(),
    ).toEqual(['app', 'web']);
    const app = (await call(multi, '1001', 'GET', `/api/adstxt/domains/${domain_id}`)).json();
    expect(app).toMatchObject({
      kind: 'app',
      status: 'missing_lines',
      hostedUrl: 'http://partners.test/hosted/app-ads-txt/northwind-news.example/app-ads.txt',
    });
    expect(app.crawl.content).toBe('partners-center.example, 1001, DIRECT\n');

    // Hosting works the same way, at its own public address.
    await call(multi, '1001', 'POST', `/api/adstxt/domains/${domain_id}/hosting`);
    await call(multi, '1001', 'POST', `/api/adstxt/domains/${domain_id}/revisions`, { content: 'openx.com, 77, RESELLER\n' });
    const hosted = await t.app.inject({ method: 'GET', url: '/hosted/app-ads-txt/northwind-news.example/app-ads.txt' });
    expect(hosted.statusCode).toBe(200);
    expect(hosted.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(hosted.body).toContain('openx.com, 77, RESELLER');
    expect(hosted.body).toContain('partners-center.example, 1001, DIRECT');
    // The site's own hosted ads.txt is a different file.
    expect((await t.app.inject({ method: 'GET', url: '/hosted/ads-txt/northwind-news.example/ads.txt' })).statusCode).toBe(404);
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'adstxt.app_domain_added').execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses bad input with a field, a duplicate with 409, and other publishers', async () => {
    const bad = await call(multi, '1001', 'POST', '/api/adstxt/app-domains', { domain: 'not a domain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('domain');
    expect((await call(multi, '1001', 'POST', '/api/adstxt/app-domains', { domain: 'northwind-news.example' })).statusCode).toBe(409);
    const app = ((await call(multi, '1001', 'GET', '/api/adstxt/domains')).json() as { domain_id: string; kind: string }[]).find(
      (d) => d.kind === 'app',
    )!;
    expect((await call(single, '1002', 'GET', `/api/adstxt/domains/${app.domain_id}`)).statusCode).toBe(404);
    expect((await call(single, '1002', 'DELETE', `/api/adstxt/app-domains/${app.domain_id}`)).statusCode).toBe(404);
    // A website's row cannot be removed through the app-domain call.
    expect((await call(multi, '1001', 'DELETE', '/api/adstxt/app-domains/d5001')).statusCode).toBe(404);
    expect((await call(multi, '1001', 'DELETE', `/api/adstxt/app-domains/${app.domain_id}`)).statusCode).toBe(200);
    const after = (await call(multi, '1001', 'GET', '/api/adstxt/domains')).json() as { kind: string }[];
    expect(after.some((d) => d.kind === 'app')).toBe(false);
  });
});
