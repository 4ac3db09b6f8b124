import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuardedFetch, GuardedResponse } from '../../lib/outbound/guarded-fetch';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

/** The site's setup: tracking view, demo page, and verify installation through a fake outbound client. */
let t: TestApp;
let multi = '';
let key = '';
const pages = new Map<string, Partial<GuardedResponse>>();
const fetched: string[] = [];
const fakeFetch = Object.assign(
  async (url: string | URL): Promise<GuardedResponse> => {
    fetched.push(String(url));
    const page = pages.get(String(url));
    if (!page) throw new Error('getaddrinfo ENOTFOUND');
    return { url: String(url), status: 200, headers: {}, body: Buffer.from(''), ...page };
  },
  { close: async () => undefined },
) as GuardedFetch;

beforeAll(async () => {
  t = await createTestApp({ DEMO_DATA: 'true', PORT: '8316' }, { siteTagFetch: fakeFetch });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  key = (await t.db.selectFrom('sites').select('tag_key').where('id', '=', '5001').executeTakeFirstOrThrow()).tag_key;
});
afterAll(async () => t.close());

const get = (url: string, publisher = '1001') => t.app.inject({ method: 'GET', url, headers: bearer(multi, publisher) });
const verify = (siteId: string, body?: object) =>
  t.app.inject({ method: 'POST', url: `/api/site-tag/sites/${siteId}/verify`, headers: bearer(multi, '1001'), payload: body ?? {} });
const html = (s: string) => ({ body: Buffer.from(s) });

describe('site tag setup', () => {
  it('serves a demo page per active site with its tag, and names it on the site', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/demo/sites/5001', headers: { host: 'localhost:8316' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The tag comes from the configured PUBLIC_URL, whatever Host the request named.
    expect(page.body).toContain(`<script async src="http://partners.test/t/${key}.js"></script>`);
    expect(page.body).not.toContain('localhost:8316');
    expect((await t.app.inject({ method: 'GET', url: '/demo/sites/5204' })).statusCode).toBe(404); // inactive
    expect((await t.app.inject({ method: 'GET', url: '/demo/sites/nope' })).statusCode).toBe(404);
    const sites = (await get('/api/site-tag/sites')).json() as { id: string; demoPageUrl: string | null }[];
    expect(sites.find((s) => s.id === '5001')?.demoPageUrl).toBe('http://partners.test/demo/sites/5001');
  });

  it('a demo page never reflects the Host header (a forged host or X-Forwarded-Host stays out of the page)', async () => {
    for (const headers of [{ host: 'evil.example' }, { host: 'evil.example:8080' }, { 'x-forwarded-host': 'evil.example' }]) {
      const page = await t.app.inject({ method: 'GET', url: '/demo/sites/5001', headers });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('evil.example');
      expect(page.body).toContain(`<script async src="http://partners.test/t/${key}.js"></script>`);
    }
  });

  it('verify finds the tag on the home page (following a redirect), or says what to do', async () => {
    pages.set('https://northwind-news.example/', { status: 301, headers: { location: 'https://www.northwind-news.example/' } });
    pages.set('https://www.northwind-news.example/', html(`<head><script async src="https://p.example/t/${key}.js"></script></head>`));
    const ok = await verify('5001');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ url: 'https://www.northwind-news.example/', found: true });

    pages.set('https://www.northwind-news.example/news/1', html('<head></head>'));
    const missing = (await verify('5001', { url: 'https://www.northwind-news.example/news/1' })).json();
    expect(missing).toMatchObject({ found: false });
    expect(missing.message).toContain('Paste the snippet');

    pages.set('https://northwind-news.example/gtm', html('<script src="https://www.googletagmanager.com/gtm.js?id=GTM-1"></script>'));
    expect((await verify('5001', { url: 'https://northwind-news.example/gtm' })).json().message).toContain('Google Tag Manager');

    const offline = (await verify('5002')).json();
    expect(offline).toMatchObject({ found: false, url: 'https://sport.northwind-news.example/' });
    expect(offline.message).toContain('could not load');
  });

  it('verify refuses a page outside the site (400 with fields), nothing fetched; accepts the demo page', async () => {
    fetched.length = 0;
    const res = await verify('5001', { url: 'http://127.0.0.1:5432/' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.url).toContain('northwind-news.example');
    expect((await verify('5001', { url: 'not a url' })).statusCode).toBe(400);
    expect(fetched).toEqual([]);
    pages.set('http://partners.test/demo/sites/5001', html(`<script async src="http://partners.test/t/${key}.js"></script>`));
    expect((await verify('5001', { url: 'http://partners.test/demo/sites/5001' })).json().found).toBe(true);
    // A site of another publisher: 404, never fetched.
    expect((await verify('5101')).statusCode).toBe(404);
  });

  it('eventTrackerDataReceived turns true at the first beacon, here from the demo page (the portal origin is accepted in demo mode)', async () => {
    const received = async () =>
      ((await get('/api/site-tag/sites')).json() as { id: string; eventTrackerDataReceived: boolean }[]).find((s) => s.id === '5001')
        ?.eventTrackerDataReceived;
    expect(await received()).toBe(false);
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/t/collect',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost:8316', 'user-agent': 'Mozilla/5.0 Chrome/130.0' },
      payload: JSON.stringify({ k: key, e: [{ t: 'pv', ts: Date.now(), id: 'demo1', p: '/demo/sites/5001' }] }),
    });
    expect(beacon.statusCode).toBe(202);
    await t.built.siteTagCollector.flush();
    for (let i = 0; i < 50 && !(await received()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await received()).toBe(true);
    // Any other origin is still refused.
    const other = await t.app.inject({
      method: 'POST',
      url: '/t/collect',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost:9999', 'user-agent': 'Mozilla/5.0 Chrome/130.0' },
      payload: JSON.stringify({ k: key, e: [{ t: 'pv', ts: Date.now(), id: 'demo2', p: '/' }] }),
    });
    expect(other.statusCode).toBe(403);
  });
});
