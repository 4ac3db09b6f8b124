import { createGuardedFetch, type GuardedFetch, type GuardedFetchOptions } from '../../../lib/outbound/guarded-fetch';
import { crawlAdsTxt } from './crawl-ads-txt';
import { verifyRedirection } from './verify-redirection';
import type { AdsTxtCrawlerPort } from '../adstxt-crawler-port';

/**
 * The real crawler behind the service: IAB redirect rules, text/plain only, 2 MiB and 30 s caps,
 * and every connection through the guarded client (no private, loopback or link-local targets;
 * `allowHosts` exists for tests only).
 */
export function createAdsTxtCrawler(opts: {
  allowHosts: string[];
  fetch?: GuardedFetch;
  /** Start ports other than 443/80: tests that serve the file from a local server. */
  ports?: { https?: number; http?: number };
  /** Name resolution for the crawler's own client: tests that name a local server. */
  resolve?: GuardedFetchOptions['resolve'];
}): AdsTxtCrawlerPort {
  // `fetch` is injected only by tests that script what the network answers.
  const fetch =
    opts.fetch ??
    createGuardedFetch({
      allowHosts: opts.allowHosts,
      userAgent: 'PartnersCenter-AdsTxtCrawler/1.0',
      ...(opts.resolve ? { resolve: opts.resolve } : {}),
    });
  const ownFetch = !opts.fetch;
  return {
    async crawl(domain, previous, fileName = 'ads.txt') {
      const { domain: _asked, ...outcome } = await crawlAdsTxt(domain, {
        fetch,
        previous,
        fileName,
        ...(opts.ports ? { ports: opts.ports } : {}),
      });
      return outcome;
    },
    async verifyRedirection(domain, hostedUrl, fileName = 'ads.txt') {
      const v = await verifyRedirection(domain, hostedUrl, { fetch, fileName });
      return { status: v.status, reason: v.reason };
    },
    // An injected client belongs to whoever injected it.
    close: () => (ownFetch ? fetch.close() : Promise.resolve()),
  };
}
