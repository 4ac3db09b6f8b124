import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlMany } from './crawl-many';
import { startCrawlFixture, type CrawlFixture, type Route } from '../../../../test/adstxt/crawl-test-fixture';
import { verifyRedirection } from './verify-redirection';

const FILE = 'appnexus.com, 7, RESELLER\n';
let inFlight = 0;
let maxInFlight = 0;
const slow: Route = (res) => {
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  setTimeout(() => {
    inFlight--;
    res.writeHead(200, { 'content-type': 'text/plain' }).end(FILE);
  }, 40);
};

const routes: Record<string, Route> = {
  'good.test/ads.txt': { status: 301, location: 'http://www.good.test:{port}/ads.txt' },
  'www.good.test/ads.txt': { status: 302, location: 'http://hosted.provider.test:{port}/p/1/ads.txt' },
  'hosted.provider.test/p/1/ads.txt': { status: 200, body: FILE },
  'hosted.provider.test/p/2/ads.txt': { status: 200, body: FILE },
  'hosted.provider.test/p/3/ads.txt': { status: 302, location: 'http://elsewhere.test:{port}/ads.txt' },
  'selfhosted.test/ads.txt': { status: 200, body: FILE },
  'wrong.test/ads.txt': { status: 302, location: 'http://hosted.provider.test:{port}/p/2/ads.txt' },
  'chained.test/ads.txt': { status: 302, location: 'http://hosted.provider.test:{port}/p/3/ads.txt' },
};
for (let i = 0; i < 6; i++) routes[`s${i}.test/ads.txt`] = slow;

let fx: CrawlFixture;
beforeAll(async () => {
  fx = await startCrawlFixture(routes);
});
afterAll(() => fx.close());

const opts = () => ({ fetch: fx.fetch, ports: fx.ports });
const hosted = (n: number) => `https://hosted.provider.test:${fx.server.port}/p/${n}/ads.txt`;

describe('verifyRedirection', () => {
  it('is verified when the domain reaches the hosted file (in-root hop + one off-domain hop)', async () => {
    // The hosted URL is https; the test server can only speak http, which also shows the scheme
    // is not held against the publisher.
    const v = await verifyRedirection('good.test', hosted(1), opts());
    expect(v.status).toBe('verified');
    expect(v.crawl.redirectChain).toHaveLength(3);
  });

  it('is broken when the site serves its own file', async () => {
    const v = await verifyRedirection('selfhosted.test', hosted(1), opts());
    expect(v).toMatchObject({ status: 'broken' });
    expect(v.reason).toContain('served by the site itself');
  });

  it('is broken when it redirects to another file', async () => {
    const v = await verifyRedirection('wrong.test', hosted(1), opts());
    expect(v.status).toBe('broken');
    expect(v.reason).toContain('not to the hosted file');
  });

  it('is broken when the domain has no ads.txt', async () => {
    const v = await verifyRedirection('absent.test', hosted(1), opts());
    expect(v.status).toBe('broken');
    expect(v.reason).toContain('not found');
  });

  it('is broken when the hosted location redirects again (second off-domain hop)', async () => {
    const v = await verifyRedirection('chained.test', hosted(3), opts());
    expect(v.status).toBe('broken');
    expect(v.crawl.errorCode).toBe('redirect_off_domain');
  });
});

describe('crawlMany', () => {
  it('crawls with bounded concurrency and returns results in input order', async () => {
    const domains = ['s0.test', 's1.test', 's2.test', 's3.test', 's4.test', 's5.test', 'absent.test'];
    maxInFlight = 0;
    const results = await crawlMany(domains, { ...opts(), concurrency: 2 });
    expect(results.map((r) => r.domain)).toEqual(domains);
    expect(results.map((r) => r.result.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'not_found']);
    expect(maxInFlight).toBe(2);
  });

  it('defaults to 4 at a time and passes each domain its previous copy', async () => {
    maxInFlight = 0;
    const seen: string[] = [];
    const results = await crawlMany(['s0.test', 's1.test', 's2.test', 's3.test', 's4.test', 's5.test'], {
      ...opts(),
      previousFor: (d) => {
        seen.push(d);
        return undefined;
      },
    });
    expect(results).toHaveLength(6);
    expect(maxInFlight).toBe(4);
    expect(seen.sort()).toEqual(['s0.test', 's1.test', 's2.test', 's3.test', 's4.test', 's5.test']);
  });
});
