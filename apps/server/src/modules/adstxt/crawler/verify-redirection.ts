import { crawlAdsTxt } from './crawl-ads-txt';
import type { CrawlOptions, CrawlResult } from './crawl-types';

export interface RedirectionVerdict {
  status: 'verified' | 'broken';
  /** Why it is broken, in words a publisher can act on. */
  reason?: string;
  crawl: CrawlResult;
}

/**
 * Checks that `https://<domain>/ads.txt` leads, under the IAB redirect rules, to the ads.txt we
 * host for the publisher. The hosted URL is normally outside the site's root domain: that is the
 * one off-domain hop the rules allow. http vs https of the hosted URL is not held against the
 * publisher; host, port, path and query must match.
 */
export async function verifyRedirection(
  domain: string,
  hostedUrl: string,
  options: Omit<CrawlOptions, 'previous'>,
): Promise<RedirectionVerdict> {
  const crawl = await crawlAdsTxt(domain, options);
  const broken = (reason: string): RedirectionVerdict => ({ status: 'broken', reason, crawl });
  if (crawl.status === 'not_found')
    return broken(
      `${crawl.finalUrl ?? domain} answers “not found” (HTTP ${crawl.httpStatus}); the redirect to the hosted file is not in place.`,
    );
  if (crawl.status === 'error') return broken(crawl.errorReason ?? 'The ads.txt could not be fetched.');
  const expected = comparable(hostedUrl);
  if (expected === null) return broken(`The hosted URL “${hostedUrl}” is not a valid URL.`);
  if (crawl.finalUrl !== undefined && comparable(crawl.finalUrl) === expected) return { status: 'verified', crawl };
  if (crawl.redirectChain.length <= 1) {
    return broken(`${crawl.finalUrl ?? domain} is served by the site itself instead of redirecting to ${hostedUrl}.`);
  }
  return broken(`${crawl.redirectChain[0]} redirects to ${crawl.finalUrl}, not to the hosted file ${hostedUrl}.`);
}

function comparable(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}${u.search}`;
  } catch {
    return null;
  }
}
