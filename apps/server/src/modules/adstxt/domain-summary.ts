import type { CrawlRow, DomainRow } from './adstxt.repo';
import { missingRequiredLines, requiredLinesFor } from './required-lines/domain-required-lines';

export type AdsTxtStatus = 'authorized' | 'missing_lines' | 'not_found' | 'error' | 'not_crawled';

/**
 * Domain status from its last crawl and the required lines (docs/architecture.md, ads.txt). A
 * failed crawl is an error even when the last good copy is kept: showing "authorized" after a
 * failed read would be a false all-clear.
 */
export function statusOf(crawl: CrawlRow | undefined, missingCount: number): AdsTxtStatus {
  if (!crawl) return 'not_crawled';
  if (crawl.status === 'not_found') return 'not_found';
  if (crawl.status === 'error') return 'error';
  return missingCount === 0 ? 'authorized' : 'missing_lines';
}

/** When the file was last read successfully (a 404 is a successful read of "no file"). */
function lastSuccessfulRead(crawl: CrawlRow | undefined): Date | null {
  if (!crawl) return null;
  return crawl.status === 'error' ? crawl.previous_fetched_at : crawl.fetched_at;
}

function lastRead(crawl: CrawlRow | undefined) {
  const at = lastSuccessfulRead(crawl);
  if (!crawl || !at) return null;
  return {
    at: at.toISOString(),
    httpStatus: crawl.status === 'error' ? null : crawl.http_status,
    stale: crawl.stale,
    usedPrevious: crawl.used_previous,
  };
}

/**
 * One domain as the list and the detail show it: status, last read, required and missing lines.
 * `missingInFile`: the required lines the crawled content lacks, when already worked out off the
 * event loop (RevisionWorkers.inspectFile); otherwise they are computed here.
 */
export function summarizeDomain(
  d: DomainRow,
  crawl: CrawlRow | undefined,
  template: string,
  revisionId: number | null,
  hostedUrl: string,
  missingInFile?: string[],
  ignoredLines = 0,
) {
  const required = requiredLinesFor(template, d);
  const missing =
    crawl?.content != null
      ? (missingInFile ?? missingRequiredLines(required, crawl.content))
      : crawl?.status === 'not_found'
        ? required
        : [];
  const status = statusOf(crawl, missing.length);
  return {
    domain_id: d.id,
    domain_name: d.domain_name,
    pub_name: d.pub_name,
    pub_an_id: d.pub_an_id,
    ads_txt_redirection_status: d.redirection_status as 'not_set_up' | 'pending' | 'verified' | 'broken',
    redirection_reason: d.redirection_reason,
    revision_id: revisionId,
    hosted: d.hosted_enabled,
    hostedUrl,
    kind: d.kind,
    status,
    missingCount: missing.length,
    ignoredLines,
    errorReason: crawl?.status === 'error' ? (crawl.error_reason ?? 'The file could not be read.') : null,
    // "Last crawl" is the last successful read; a failed attempt is reported as such beside it.
    lastCrawl: lastRead(crawl),
    lastAttempt: crawl ? { at: crawl.fetched_at.toISOString(), ok: crawl.status !== 'error' } : null,
    readInLatestCrawl: crawl !== undefined && crawl.status !== 'error',
    requiredLines: required,
    missingLines: missing,
  };
}
