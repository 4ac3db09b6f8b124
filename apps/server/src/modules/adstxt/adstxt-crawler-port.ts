import type { AdsFileName } from '@pc/contracts';
import type { CrawlResult } from './crawler/crawl-types';

/** One crawl as the service sees it: the crawler's own result, without the domain it was asked for. */
export type CrawlOutcome = Omit<CrawlResult, 'domain'>;

/** What the service needs from the crawler (the guarded HTTP client behind it). */
export interface AdsTxtCrawlerPort {
  crawl(
    domain: string,
    previous: { body: string; contentHash: string; fetchedAt: Date } | null,
    fileName?: AdsFileName,
  ): Promise<CrawlOutcome>;
  verifyRedirection(domain: string, hostedUrl: string, fileName?: AdsFileName): Promise<{ status: 'verified' | 'broken'; reason?: string }>;
  /** Ends the crawler's kept-alive connections (shutdown); crawlers without their own client have none. */
  close?(): Promise<void>;
}
