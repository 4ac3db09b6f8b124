import type { AdsTxtDetail } from '@pc/contracts';

export const HOSTED_URL = 'https://partners.example.test/hosted/ads-txt/northwind-news.example/ads.txt';

export function detailFixture(over: Partial<AdsTxtDetail> = {}): AdsTxtDetail {
  return {
    domain_id: 'd5001',
    domain_name: 'northwind-news.example',
    pub_name: 'Northwind News',
    pub_an_id: '11001',
    ads_txt_redirection_status: 'pending',
    redirection_reason: null,
    revision_id: 1,
    hosted: true,
    hostedUrl: HOSTED_URL,
    kind: 'web',
    status: 'missing_lines',
    missingCount: 1,
    ignoredLines: 0,
    errorReason: null,
    lastCrawl: { at: new Date().toISOString(), httpStatus: 200, stale: false, usedPrevious: false },
    lastAttempt: { at: new Date().toISOString(), ok: true },
    readInLatestCrawl: true,
    sellerIssues: 0,
    sellerChecks: [],
    sellersJson: [],
    requiredLines: ['partners-center.example, 1001, DIRECT'],
    missingLines: ['partners-center.example, 1001, DIRECT'],
    crawl: {
      content: 'google.com, pub-1, DIRECT\n',
      redirectChain: ['https://northwind-news.example/ads.txt'],
      finalUrl: null,
      problems: [],
      hops: [],
      cache: { maxAgeSeconds: null, source: 'none', note: 'The file carries no caching headers.' },
    },
    hostedContent: 'google.com, pub-1, DIRECT, f08c47fec0942fa0\n',
    ...over,
  };
}
