import { crawlAdsTxt } from './crawl-ads-txt';
import type { CrawlOptions, CrawlResult, PreviousCopy } from './crawl-types';

export interface CrawlManyOptions extends Omit<CrawlOptions, 'previous'> {
  /** Parallel crawls at most. Default 4: polite to shared hosts and light on our sockets. */
  concurrency?: number;
  /** Last good result per domain, when the caller has one. */
  previousFor?: (domain: string) => PreviousCopy | null | undefined;
}

/** Crawls every domain with bounded concurrency; results come back in input order. */
export async function crawlMany(
  domains: readonly string[],
  options: CrawlManyOptions,
): Promise<Array<{ domain: string; result: CrawlResult }>> {
  const { concurrency = 4, previousFor, ...crawlOptions } = options;
  const results = new Array<{ domain: string; result: CrawlResult }>(domains.length);
  let next = 0;
  const worker = async () => {
    while (next < domains.length) {
      const index = next++;
      const domain = domains[index] as string;
      const previous = previousFor?.(domain);
      // crawlAdsTxt reports failures as results; it only throws on programming errors.
      const result = await crawlAdsTxt(domain, previous ? { ...crawlOptions, previous } : crawlOptions);
      results[index] = { domain, result };
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, domains.length)) }, worker);
  await Promise.all(workers);
  return results;
}
