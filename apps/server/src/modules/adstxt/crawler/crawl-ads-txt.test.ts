import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../../lib/outbound/guarded-fetch';
import { crawlAdsTxt, MAX_REDIRECTS } from './crawl-ads-txt';
import { startCrawlFixture, testResolver, type CrawlFixture, type Route } from '../../../../test/adstxt/crawl-test-fixture';
import type { CrawlResult } from './crawl-types';

const FILE = 'google.com, pub-1, DIRECT, f08c47fec0942fa0\n';
const NOW = new Date('2026-03-10T12:00:00.000Z');
const P = 'http://{host}:{port}';
const to = (host: string, path = '/ads.txt') => `${P.replace('{host}', host)}${path}`;

const routes: Record<string, Route> = {
  'a.test/ads.txt': { status: 200, body: FILE },
  // several hops inside the root domain a2.test, all four redirect codes
  'a2.test/ads.txt': { status: 301, location: to('www.a2.test') },
  'www.a2.test/ads.txt': { status: 302, location: '/moved/ads.txt' },
  'www.a2.test/moved/ads.txt': { status: 307, location: to('cdn.a2.test', '/files/ads.txt') },
  'cdn.a2.test/files/ads.txt': { status: 308, location: to('cdn.a2.test', '/final.txt') },
  'cdn.a2.test/final.txt': { status: 200, body: FILE, type: 'text/plain' },
  // one hop off the root domain (after an in-root hop) to the provider
  'pub.test/ads.txt': { status: 301, location: to('www.pub.test') },
  'www.pub.test/ads.txt': { status: 302, location: to('host.provider.test', '/pub/ads.txt') },
  'host.provider.test/pub/ads.txt': { status: 200, body: FILE },
  // a second off-domain hop
  'two.test/ads.txt': { status: 302, location: to('host.provider.test', '/bounce') },
  'host.provider.test/bounce': { status: 302, location: to('other.test') },
  'other.test/ads.txt': { status: 200, body: FILE },
  // the third party redirecting again, even inside its own root, is also refused
  'three.test/ads.txt': { status: 302, location: to('host.provider.test', '/inner') },
  'host.provider.test/inner': { status: 302, location: to('www.provider.test', '/x') },
  'html.test/ads.txt': { status: 200, type: 'text/html; charset=utf-8', body: '<html>not here</html>' },
  'notype.test/ads.txt': { status: 200, type: null, body: FILE },
  'gone.test/ads.txt': { status: 410 },
  'forbidden.test/ads.txt': { status: 403, body: 'no' },
  'down.test/ads.txt': { status: 503, body: 'maintenance' },
  'see-other.test/ads.txt': { status: 303, location: to('see-other.test', '/x') },
  'no-location.test/ads.txt': { status: 302 },
  'hang.test/ads.txt': () => {},
  'big.test/ads.txt': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 2049; i++) res.write(line);
    res.end();
  },
  'private.test/ads.txt': { status: 302, location: 'http://127.0.0.2:{port}/ads.txt' },
  'rebind.test/ads.txt': { status: 302, location: to('evil.test') },
  'utf16.test/ads.txt': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(FILE, 'utf16le')]));
  },
};
for (let i = 0; i <= MAX_REDIRECTS + 1; i++) {
  // loop.test: 11 in-root redirects; ten.test: exactly 10
  routes[`loop.test/hop${i}`] = { status: 302, location: to('loop.test', `/hop${i + 1}`) };
  routes[`ten.test/hop${i}`] = i < MAX_REDIRECTS ? { status: 302, location: to('ten.test', `/hop${i + 1}`) } : { status: 200, body: FILE };
}
routes['loop.test/ads.txt'] = { status: 302, location: to('loop.test', '/hop1') };
routes['ten.test/ads.txt'] = { status: 302, location: to('ten.test', '/hop1') };

let fx: CrawlFixture;
beforeAll(async () => {
  // The placeholders need the port, known only once the server listens.
  fx = await startCrawlFixture(routes);
  for (const route of Object.values(routes)) {
    if (typeof route !== 'function' && route.location) route.location = route.location.replace('{port}', String(fx.server.port));
  }
});
afterAll(() => fx.close());

const crawl = (domain: string, extra: Partial<Parameters<typeof crawlAdsTxt>[1]> = {}) =>
  crawlAdsTxt(domain, { fetch: fx.fetch, now: () => NOW, ports: fx.ports, ...extra });

const goodPrevious = (ageMs: number): CrawlResult => ({
  domain: 'x',
  status: 'ok',
  httpStatus: 200,
  redirectChain: ['https://x/ads.txt'],
  finalUrl: 'https://x/ads.txt',
  body: 'old.com, 1, DIRECT\n',
  contentHash: 'abc',
  fetchedAt: new Date(NOW.getTime() - ageMs),
});
const DAY = 24 * 60 * 60 * 1000;

describe('crawlAdsTxt', () => {
  it('fetches a text/plain file (https refused -> http fallback) with hash and timestamps', async () => {
    const r = await crawl('A.test');
    expect(r).toMatchObject({ domain: 'a.test', status: 'ok', httpStatus: 200, body: FILE, fetchedAt: NOW });
    expect(r.contentHash).toBe(createHash('sha256').update(FILE).digest('hex'));
    expect(r.redirectChain).toEqual([fx.at('a.test')]);
    expect(r.finalUrl).toBe(fx.at('a.test'));
  });

  it('falls back to http when the https handshake fails (TLS against a plain HTTP port)', async () => {
    const r = await crawl('a.test', { ports: { https: fx.server.port, http: fx.server.port } });
    expect(r.status).toBe('ok');
    expect(r.redirectChain[0]).toMatch(/^http:\/\//);
  });

  it('follows any number of 301/302/307/308 hops inside the root domain', async () => {
    const r = await crawl('a2.test');
    expect(r.status).toBe('ok');
    expect(r.redirectChain).toEqual([
      fx.at('a2.test'),
      fx.at('www.a2.test'),
      fx.at('www.a2.test', '/moved/ads.txt'),
      fx.at('cdn.a2.test', '/files/ads.txt'),
      fx.at('cdn.a2.test', '/final.txt'),
    ]);
  });

  it('allows exactly one hop off the root domain', async () => {
    const r = await crawl('pub.test');
    expect(r.status).toBe('ok');
    expect(r.finalUrl).toBe(fx.at('host.provider.test', '/pub/ads.txt'));
    expect(r.redirectChain).toHaveLength(3);
  });

  it('refuses a second off-domain hop', async () => {
    const r = await crawl('two.test');
    expect(r).toMatchObject({ status: 'error', errorCode: 'redirect_off_domain', httpStatus: 302 });
    expect(r.errorReason).toContain('only one redirect away from two.test');
    expect(fx.server.requests).not.toContain(`other.test /ads.txt`);
  });

  it('refuses any redirect by the third party, even within its own root domain', async () => {
    expect(await crawl('three.test')).toMatchObject({ status: 'error', errorCode: 'redirect_off_domain' });
  });

  it(`follows ${MAX_REDIRECTS} redirects but not ${MAX_REDIRECTS + 1}`, async () => {
    expect(await crawl('ten.test')).toMatchObject({ status: 'ok' });
    const r = await crawl('loop.test');
    expect(r).toMatchObject({ status: 'error', errorCode: 'too_many_redirects' });
    expect(r.redirectChain).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('requires text/plain', async () => {
    const html = await crawl('html.test');
    expect(html).toMatchObject({ status: 'error', errorCode: 'content_type', httpStatus: 200 });
    expect(html.errorReason).toContain('text/html');
    expect(html.body).toBeUndefined();
    expect(await crawl('notype.test')).toMatchObject({ status: 'error', errorCode: 'content_type' });
  });

  it('treats 404 and 410 as "not found"', async () => {
    expect(await crawl('missing.test')).toMatchObject({ status: 'not_found', httpStatus: 404 });
    expect(await crawl('gone.test')).toMatchObject({ status: 'not_found', httpStatus: 410 });
  });

  it('reports 403 as an error and does not fall back on the previous copy', async () => {
    const r = await crawl('forbidden.test', { previous: goodPrevious(DAY) });
    expect(r).toMatchObject({ status: 'error', errorCode: 'http_status', httpStatus: 403 });
    expect(r.usedPrevious).toBeUndefined();
  });

  it('keeps the last good copy on 5xx', async () => {
    const r = await crawl('down.test', { previous: goodPrevious(DAY) });
    expect(r).toMatchObject({
      status: 'error',
      errorCode: 'server_error',
      httpStatus: 503,
      usedPrevious: true,
      stale: false,
      body: 'old.com, 1, DIRECT\n',
      contentHash: 'abc',
    });
    expect(r.previousFetchedAt).toEqual(new Date(NOW.getTime() - DAY));
    expect(r.fetchedAt).toEqual(NOW);
  });

  it('flags the kept copy stale once it is older than 5 days', async () => {
    expect(await crawl('down.test', { previous: goodPrevious(5 * DAY - 1000) })).toMatchObject({ usedPrevious: true, stale: false });
    expect(await crawl('down.test', { previous: goodPrevious(6 * DAY) })).toMatchObject({ usedPrevious: true, stale: true });
  });

  it('accepts a minimal stored copy (ISO timestamp) and ignores a previous result that was not ok', async () => {
    const minimal = { body: 'kept.com, 9, DIRECT', contentHash: 'h', fetchedAt: new Date(NOW.getTime() - DAY).toISOString() };
    expect(await crawl('down.test', { previous: minimal })).toMatchObject({
      usedPrevious: true,
      stale: false,
      body: 'kept.com, 9, DIRECT',
    });
    const notOk = { ...goodPrevious(DAY), status: 'not_found' as const };
    expect((await crawl('down.test', { previous: notOk })).usedPrevious).toBeUndefined();
  });

  it('reports 5xx without a previous copy as a plain error', async () => {
    const r = await crawl('down.test');
    expect(r).toMatchObject({ status: 'error', errorCode: 'server_error' });
    expect(r.body).toBeUndefined();
  });

  it('times out a silent server and keeps the previous copy', async () => {
    const started = Date.now();
    const r = await crawl('hang.test', { totalTimeoutMs: 300, previous: goodPrevious(DAY) });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(r).toMatchObject({ status: 'error', errorCode: 'timeout', usedPrevious: true, stale: false });
  });

  it('aborts bodies over 2 MiB', async () => {
    const r = await crawl('big.test', { previous: goodPrevious(DAY) });
    expect(r).toMatchObject({ status: 'error', errorCode: 'body_too_large' });
    expect(r.usedPrevious).toBeUndefined();
  });

  it('refuses a redirect to a private address literal without contacting it', async () => {
    const r = await crawl('private.test');
    expect(r).toMatchObject({ status: 'error', errorCode: 'blocked' });
    expect(r.errorReason).toContain('127.0.0.2');
    expect(fx.server.requests.filter((q) => q.startsWith('127.0.0.2'))).toEqual([]);
  });

  it('refuses a redirect to a name that resolves to a private address', async () => {
    const r = await crawl('rebind.test');
    expect(r).toMatchObject({ status: 'error', errorCode: 'blocked' });
    expect(r.errorReason).toContain('10.0.0.7');
  });

  it('rejects 303 and redirects without a Location', async () => {
    expect(await crawl('see-other.test')).toMatchObject({ status: 'error', errorCode: 'bad_redirect', httpStatus: 303 });
    expect(await crawl('no-location.test')).toMatchObject({ status: 'error', errorCode: 'bad_redirect', httpStatus: 302 });
  });

  it('decodes a UTF-16 file', async () => {
    expect((await crawl('utf16.test')).body).toBe(FILE);
  });

  it('rejects things that are not domain names', async () => {
    expect(await crawl('http://a.test/ads.txt')).toMatchObject({ status: 'error', errorCode: 'invalid_domain' });
  });

  it('reports unresolvable names as a dns error (and keeps the previous copy)', async () => {
    const r = await crawl('nowhere.invalid', { previous: goodPrevious(DAY) });
    expect(r).toMatchObject({ status: 'error', errorCode: 'dns', usedPrevious: true });
  });

  it('without the allow-list, refuses a domain resolving to loopback before connecting', async () => {
    const strict = createGuardedFetch({ resolve: testResolver });
    const before = fx.server.connections;
    const r = await crawlAdsTxt('a.test', { fetch: strict, ports: fx.ports, now: () => NOW });
    await strict.close();
    expect(r).toMatchObject({ status: 'error', errorCode: 'blocked' });
    expect(fx.server.connections).toBe(before);
  });
});
