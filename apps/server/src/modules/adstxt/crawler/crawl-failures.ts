import { createHash } from 'node:crypto';
import {
  OutboundBlockedError,
  OutboundBodyTooLargeError,
  OutboundNetworkError,
  OutboundTimeoutError,
} from '../../../lib/outbound/outbound-errors';
import type { GuardedResponse } from '../../../lib/outbound/guarded-fetch';
import type { CrawlErrorCode, CrawlResult, PreviousCopy } from './crawl-types';

/** A failure with the code, the publisher-facing reason and whether it is worth keeping the last copy. */
export interface CrawlFailure {
  code: CrawlErrorCode;
  reason: string;
  /** Transient (5xx, 429, time-out, network): IAB says keep using the last good copy for a while. */
  transient: boolean;
  httpStatus?: number;
}

export const failure = (code: CrawlErrorCode, reason: string, transient = false, httpStatus?: number): CrawlFailure => ({
  code,
  reason,
  transient,
  ...(httpStatus === undefined ? {} : { httpStatus }),
});

/** Maps what the guarded client threw to a crawl failure. */
export function failureFromError(err: unknown, url: string): CrawlFailure {
  if (err instanceof OutboundBlockedError) {
    return failure('blocked', `${url} points to an address we never contact (${err.message.replace(/^Refused to connect to /, '')}).`);
  }
  if (err instanceof OutboundTimeoutError) return failure('timeout', `${hostOf(url)} did not answer in time.`, true);
  if (err instanceof OutboundBodyTooLargeError) {
    return failure('body_too_large', `The file at ${url} is larger than ${Math.round(err.maxBodyBytes / 1024)} KiB, the most we read.`);
  }
  if (err instanceof OutboundNetworkError) {
    // No raw error codes: the reason is shown to publishers as is.
    if (err.phase === 'dns')
      return failure('dns', `The name ${hostOf(url)} does not resolve: it has no DNS record, or the domain has lapsed.`, true);
    return failure('network', `${hostOf(url)} could not be reached: the connection was refused, timed out or failed.`, true);
  }
  return failure('network', `${url} could not be fetched because of an unexpected network failure.`, true);
}

/** Decides what a non-redirect response means for the crawl. */
export function classifyResponse(res: GuardedResponse): { ok: true } | { ok: false; notFound: boolean; failure?: CrawlFailure } {
  const { status } = res;
  if (status === 404 || status === 410) return { ok: false, notFound: true };
  if (status >= 500 || status === 429) {
    return {
      ok: false,
      notFound: false,
      failure: failure('server_error', `${res.url} answered HTTP ${status}; the site's server is failing or overloaded.`, true, status),
    };
  }
  if (status >= 300 && status <= 399) {
    return {
      ok: false,
      notFound: false,
      failure: failure(
        'bad_redirect',
        `${res.url} answered HTTP ${status}; ads.txt redirects must be 301, 302, 307 or 308.`,
        false,
        status,
      ),
    };
  }
  if (status < 200 || status > 299) {
    const what = status === 401 || status === 403 ? 'access to the file is restricted' : 'that is not a file';
    return { ok: false, notFound: false, failure: failure('http_status', `${res.url} answered HTTP ${status} (${what}).`, false, status) };
  }
  const contentType = res.headers['content-type'];
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'text/plain') {
    return {
      ok: false,
      notFound: false,
      failure: failure(
        'content_type',
        contentType
          ? `${res.url} is served as “${contentType}”; ads.txt must be served as text/plain (buyers ignore other types, e.g. an HTML error page).`
          : `${res.url} is served without a Content-Type; ads.txt must be served as text/plain.`,
        false,
        status,
      ),
    };
  }
  return { ok: true };
}

/** UTF-8 unless the bytes start with a UTF-16 byte-order mark (some editors save that way). */
export function decodeBody(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  return bytes.toString('utf8');
}

export const sha256Hex = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Turns a failure into the result, keeping the previous good copy for transient failures so the
 * domain's status does not flap on a short outage.
 */
export function failedResult(
  base: Pick<CrawlResult, 'domain' | 'redirectChain' | 'fetchedAt' | 'finalUrl' | 'hops'>,
  fail: CrawlFailure,
  previous: PreviousCopy | null | undefined,
  nowMs: number,
  staleAfterMs: number,
): CrawlResult {
  const result: CrawlResult = { ...base, status: 'error', errorCode: fail.code, errorReason: fail.reason };
  if (fail.httpStatus !== undefined) result.httpStatus = fail.httpStatus;
  if (!fail.transient || !previous || previous.body === undefined) return result;
  if (previous.status !== undefined && previous.status !== 'ok') return result;
  const previousAt = new Date(previous.fetchedAt);
  result.usedPrevious = true;
  result.body = previous.body;
  if (previous.contentHash !== undefined) result.contentHash = previous.contentHash;
  result.previousFetchedAt = previousAt;
  // An unreadable timestamp counts as stale: better to flag it than to trust it forever.
  result.stale = !(nowMs - previousAt.getTime() <= staleAfterMs);
  return result;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
