import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closedPort, tableResolver } from '../../../../test/local-test-server';
import { createAdsTxtCrawler } from './guarded-ads-txt-crawler';

describe('the real crawler at shutdown', () => {
  it('closes its own client: no kept-alive connection to a crawled site outlives it', async () => {
    // The site keeps idle connections a minute and the client 4 s, so only closing the client ends them at once.
    const site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('example.com, 1, DIRECT\n'));
    site.keepAliveTimeout = 60_000;
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const connections = () => new Promise<number>((r, j) => site.getConnections((err, n) => (err ? j(err) : r(n))));
    try {
      const crawler = createAdsTxtCrawler({
        allowHosts: ['127.0.0.1'],
        resolve: tableResolver({ 'site.example': '127.0.0.1' }),
        ports: { https: await closedPort(), http: (site.address() as AddressInfo).port },
      });
      const outcome = await crawler.crawl('site.example', null);
      expect(outcome).toMatchObject({ status: 'ok', body: 'example.com, 1, DIRECT\n' });
      expect(await connections()).toBe(1);
      await crawler.close?.();
      await expect.poll(connections, { timeout: 2_000 }).toBe(0);
    } finally {
      await new Promise((r) => site.close(r));
    }
  });
});
