import type { AdsTxtCrawlerPort } from './adstxt.service';

/** Placeholder until the crawler lands: reports every domain as not crawlable. */
export function createAdsTxtCrawler(_opts: { allowHosts: string[] }): AdsTxtCrawlerPort {
  return {
    async crawl() {
      return { status: 'error', redirectChain: [], fetchedAt: new Date(), errorReason: 'crawler not available yet' };
    },
    async verifyRedirection() {
      return { status: 'broken', reason: 'crawler not available yet' };
    },
  };
}
