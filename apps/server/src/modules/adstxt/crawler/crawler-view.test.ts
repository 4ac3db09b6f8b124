import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheWindow } from './cache-window';
import { crawlAdsTxt } from './crawl-ads-txt';
import { startCrawlFixture, type CrawlFixture, type Route } from '../../../../test/adstxt/crawl-test-fixture';

// Every hop with the IAB redirect rule it meets or breaks, its type, size and dates.
const FILE = 'google.com, pub-1, DIRECT, f08c47fec0942fa0\n';
const routes: Record<string, Route> = {
  'pub.test/ads.txt': { status: 301, location: 'http://www.pub.test:{port}/ads.txt' },
  'www.pub.test/ads.txt': { status: 302, location: 'http://host.provider.test:{port}/pub/ads.txt' },
  'host.provider.test/pub/ads.txt': (res) => {
    res.writeHead(200, {
      'content-type': 'text/plain; charset=utf-8',
      'last-modified': 'Tue, 10 Mar 2026 08:00:00 GMT',
      'cache-control': 'public, max-age=3600',
    });
    res.end(FILE);
  },
  'two.test/ads.txt': { status: 302, location: 'http://host.provider.test:{port}/bounce' },
  'host.provider.test/bounce': { status: 302, location: 'http://other.test:{port}/ads.txt' },
};

let fx: CrawlFixture;
beforeAll(async () => {
  fx = await startCrawlFixture(routes);
});
afterAll(() => fx.close());

describe("the crawler's-eye view", () => {
  it('lists each hop with the redirect rule it meets, and the final answer’s type, size, date and caching', async () => {
    const r = await crawlAdsTxt('pub.test', { fetch: fx.fetch, ports: fx.ports });
    expect(r.status).toBe('ok');
    expect(r.hops!.map((h) => [h.status, h.rule])).toEqual([
      [301, 'start'],
      [302, 'within_root'],
      [200, 'off_root'],
    ]);
    const last = r.hops![2]!;
    expect(last).toMatchObject({
      url: fx.at('host.provider.test', '/pub/ads.txt'),
      contentType: 'text/plain; charset=utf-8',
      size: FILE.length,
      lastModified: 'Tue, 10 Mar 2026 08:00:00 GMT',
      cacheControl: 'public, max-age=3600',
    });
    expect(last.note).toBe('Redirect outside pub.test: allowed once; this server must answer with the file itself.');
    expect(cacheWindow(last, new Date())).toMatchObject({ maxAgeSeconds: 3600, source: 'cache-control' });
    expect(cacheWindow(last, new Date()).note).toContain('up to 60 minutes');
  });

  it('marks the hop that redirects again after leaving the root domain', async () => {
    const r = await crawlAdsTxt('two.test', { fetch: fx.fetch, ports: fx.ports });
    expect(r.status).toBe('error');
    expect(r.hops!.map((h) => h.rule)).toEqual(['start', 'redirects_again']);
    expect(r.hops![1]!.note).toBe("Redirects again after leaving two.test: not allowed, so buyers' crawlers stop here and see no ads.txt.");
  });

  it('reads Expires and no-store, and says so when there are no caching headers', () => {
    const base = { url: 'u', status: 200, rule: 'start' as const, note: '', contentType: null, size: null, lastModified: null };
    const at = new Date('2026-03-10T12:00:00Z');
    expect(cacheWindow({ ...base, cacheControl: null, expires: 'Tue, 10 Mar 2026 14:00:00 GMT' }, at)).toMatchObject({
      maxAgeSeconds: 7200,
      source: 'expires',
    });
    expect(cacheWindow({ ...base, cacheControl: 'no-store', expires: null }, at)).toMatchObject({ maxAgeSeconds: 0 });
    expect(cacheWindow({ ...base, cacheControl: null, expires: null }, at)).toMatchObject({ maxAgeSeconds: null, source: 'none' });
  });
});

describe('app-ads.txt crawl', () => {
  it('fetches /app-ads.txt with the same rules', async () => {
    routes['apps.test/app-ads.txt'] = { status: 301, location: 'http://www.apps.test:{port}/app-ads.txt' };
    routes['www.apps.test/app-ads.txt'] = { status: 200, body: FILE };
    const r = await crawlAdsTxt('apps.test', { fetch: fx.fetch, ports: fx.ports, fileName: 'app-ads.txt' });
    expect(r).toMatchObject({ status: 'ok', body: FILE, finalUrl: fx.at('www.apps.test', '/app-ads.txt') });
    expect(r.hops!.map((h) => h.rule)).toEqual(['start', 'within_root']);
    expect(r.redirectChain[0]).toBe(fx.at('apps.test', '/app-ads.txt'));
  });
});
