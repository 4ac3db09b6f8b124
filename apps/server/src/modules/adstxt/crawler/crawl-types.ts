import type { GuardedRequestInit, GuardedResponse } from '../../../lib/outbound/guarded-fetch';

/** The fetch the crawler needs: the guarded client's call signature (redirects not followed). */
export type CrawlFetch = (url: string | URL, init?: GuardedRequestInit) => Promise<GuardedResponse>;

export type CrawlStatus = 'ok' | 'not_found' | 'error';

export type CrawlErrorCode =
  | 'invalid_domain'
  | 'blocked'
  | 'dns'
  | 'network'
  | 'timeout'
  | 'server_error'
  | 'http_status'
  | 'content_type'
  | 'bad_redirect'
  | 'redirect_off_domain'
  | 'too_many_redirects'
  | 'body_too_large';

/** How one hop of the fetch stands against the IAB ads.txt 1.1 redirect rules. */
export type CrawlHopRule = 'start' | 'within_root' | 'off_root' | 'redirects_again';

/** One answer on the way to the file, as a buyer's crawler sees it. */
export interface CrawlHop {
  url: string;
  status: number;
  rule: CrawlHopRule;
  /** The rule in words for this hop. */
  note: string;
  contentType: string | null;
  /** Bytes of the body (or the declared Content-Length of a redirect). */
  size: number | null;
  lastModified: string | null;
  cacheControl: string | null;
  expires: string | null;
}

/** A plain object, ready to be stored as is. */
export interface CrawlResult {
  /** Every answer in order, with the redirect rule each one meets or breaks. */
  hops?: CrawlHop[];
  domain: string;
  status: CrawlStatus;
  /** Status code of the last response received, when there was one. */
  httpStatus?: number;
  /** Every URL that answered, in order: the start URL, each redirect target, the final URL. */
  redirectChain: string[];
  /** The URL whose answer decided the result (last in redirectChain). */
  finalUrl?: string;
  /** File text (UTF-8, or UTF-16 when the file starts with a UTF-16 BOM). */
  body?: string;
  /** sha256 (hex) of the raw bytes, to detect changes without comparing text. */
  contentHash?: string;
  /** When this attempt ran. */
  fetchedAt: Date;
  errorCode?: CrawlErrorCode;
  /** Plain-language explanation for the publisher. */
  errorReason?: string;
  /**
   * A transient failure (5xx, 429, time-out, network) kept the last good copy: body and
   * contentHash are the previous ones, status stays 'error' so the caller never mistakes this
   * for a fresh good copy (store a result as "last good" only when status is 'ok').
   */
  usedPrevious?: boolean;
  /** With usedPrevious: the kept copy is older than the staleness limit (5 days by default). */
  stale?: boolean;
  /** With usedPrevious: when the kept copy was fetched. */
  previousFetchedAt?: Date;
}

/**
 * The last good copy of a domain's file, as the caller stored it. A full CrawlResult works too;
 * one whose status is not 'ok' is ignored.
 */
export interface PreviousCopy {
  status?: CrawlStatus;
  body?: string;
  contentHash?: string;
  fetchedAt: Date | string;
}

export interface CrawlOptions {
  fetch: CrawlFetch;
  now?: () => Date;
  /** Last good copy for this domain; used when this attempt fails transiently. */
  previous?: PreviousCopy | null;
  /** Cap on the whole crawl, all hops included. Default 30 s. */
  totalTimeoutMs?: number;
  /** Body cap. Default 2 MiB. */
  maxBodyBytes?: number;
  /** Age after which a kept copy is flagged stale. Default 5 days (IAB guidance). */
  staleAfterMs?: number;
  /** Which file: ads.txt (websites) or app-ads.txt (app developer domains, IAB app-ads.txt 1.0). Default ads.txt. */
  fileName?: 'ads.txt' | 'app-ads.txt';
  /** Non-standard ports for the start URLs (tests, staging); redirects carry their own. */
  ports?: { https?: number; http?: number };
}
