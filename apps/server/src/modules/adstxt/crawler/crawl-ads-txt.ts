import { OutboundNetworkError } from '../../../lib/outbound/outbound-errors';
import type { GuardedResponse } from '../../../lib/outbound/guarded-fetch';
import { isValidDomainName } from '@pc/contracts/adstxt-parser/text-scan';
import { classifyResponse, decodeBody, failedResult, failure, failureFromError, sha256Hex, type CrawlFailure } from './crawl-failures';
import type { CrawlHop, CrawlHopRule, CrawlOptions, CrawlResult } from './crawl-types';
import { rootDomain } from './root-domain';

export const DEFAULT_CRAWL_TIMEOUT_MS = 30_000;
export const DEFAULT_CRAWL_MAX_BODY_BYTES = 2 * 1024 * 1024;
export const DEFAULT_STALE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;
/** Redirects followed at most (IAB leaves the number open; 10 is what browsers and crawlers use). */
export const MAX_REDIRECTS = 10;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 307, 308]);

/**
 * Fetches `https://<domain>/ads.txt` (falling back to http:// when https cannot connect) and
 * follows redirects the way IAB ads.txt 1.1 prescribes: any number within the domain's root
 * domain, and a single hop outside it, after which the third party must answer directly.
 * Every hop goes through the guarded client, so each is checked against private addresses.
 */
export async function crawlAdsTxt(domainInput: string, options: CrawlOptions): Promise<CrawlResult> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const deadline = performance.now() + (options.totalTimeoutMs ?? DEFAULT_CRAWL_TIMEOUT_MS);
  const domain = domainInput.trim().toLowerCase().replace(/\.$/, '');
  const base = { domain, redirectChain: [] as string[], hops: [] as CrawlHop[], fetchedAt: startedAt };
  const fail = (f: CrawlFailure, finalUrl?: string) =>
    failedResult(
      finalUrl === undefined ? base : { ...base, finalUrl },
      f,
      options.previous,
      startedAt.getTime(),
      options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS,
    );

  if (!isValidDomainName(domain)) return fail(failure('invalid_domain', `“${domainInput}” is not a domain name such as example.com.`));

  const startUrl = (scheme: 'https' | 'http') => {
    const port = options.ports?.[scheme];
    return `${scheme}://${domain}${port === undefined ? '' : `:${port}`}/${options.fileName ?? 'ads.txt'}`;
  };
  const get = (url: string) =>
    options.fetch(url, {
      timeoutMs: Math.max(1, Math.floor(deadline - performance.now())),
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_CRAWL_MAX_BODY_BYTES,
      headers: { accept: 'text/plain' },
    });

  const first = await fetchStart(get, startUrl);
  if ('failure' in first) return fail(first.failure);
  let { url, res } = first;

  const root = rootDomain(domain);
  let redirects = 0;
  let leftRoot = false;
  let rule: CrawlHopRule = 'start';
  for (;;) {
    base.redirectChain.push(url);
    base.hops.push(hopOf(url, res, rule, root));
    if (!REDIRECT_STATUSES.has(res.status)) break;
    const next = redirectTarget(res, url);
    if (typeof next !== 'string') return fail({ ...next, httpStatus: res.status }, url);
    // After the one hop outside the root domain the third party must serve the file itself.
    if (leftRoot) {
      const last = base.hops[base.hops.length - 1]!;
      last.rule = 'redirects_again';
      last.note = `Redirects again after leaving ${root}: not allowed, so buyers' crawlers stop here and see no ads.txt.`;
      return fail(
        failure(
          'redirect_off_domain',
          `${url} (outside ${root}) redirects again to ${next}; ads.txt allows only one redirect away from ${root}, and the target must serve the file directly.`,
          false,
          res.status,
        ),
        url,
      );
    }
    if (++redirects > MAX_REDIRECTS) {
      return fail(
        failure('too_many_redirects', `More than ${MAX_REDIRECTS} redirects starting at ${base.redirectChain[0]}.`, false, res.status),
        url,
      );
    }
    const offRoot = rootDomain(new URL(next).hostname) !== root;
    if (offRoot) leftRoot = true;
    rule = offRoot ? 'off_root' : 'within_root';
    url = next;
    try {
      res = await get(url);
    } catch (err) {
      return fail(failureFromError(err, url));
    }
  }

  const verdict = classifyResponse(res);
  if (!verdict.ok) {
    if (verdict.notFound) return { ...base, status: 'not_found', httpStatus: res.status, finalUrl: url };
    return fail(verdict.failure ?? failure('http_status', `Unexpected answer from ${url}.`), url);
  }
  return {
    ...base,
    status: 'ok',
    httpStatus: res.status,
    finalUrl: url,
    body: decodeBody(res.body),
    contentHash: sha256Hex(res.body),
  };
}

/**
 * The first answer: https, or plain http when https cannot connect. Only a failure to establish
 * the connection (refused, TLS) justifies trying plain http; an https answer of any kind is
 * authoritative.
 */
async function fetchStart(
  get: (url: string) => Promise<GuardedResponse>,
  startUrl: (scheme: 'https' | 'http') => string,
): Promise<{ url: string; res: GuardedResponse } | { failure: CrawlFailure }> {
  const url = startUrl('https');
  try {
    return { url, res: await get(url) };
  } catch (err) {
    if (!(err instanceof OutboundNetworkError && err.phase === 'connect')) return { failure: failureFromError(err, url) };
  }
  const httpUrl = startUrl('http');
  try {
    return { url: httpUrl, res: await get(httpUrl) };
  } catch (httpErr) {
    return { failure: failureFromError(httpErr, httpUrl) };
  }
}

/** The absolute URL a redirect points to, or why it cannot be followed. */
function redirectTarget(res: GuardedResponse, from: string): string | CrawlFailure {
  const location = res.headers.location;
  if (!location) return failure('bad_redirect', `${from} answered HTTP ${res.status} without saying where to go (no Location header).`);
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    return failure('bad_redirect', `${from} redirects to “${location}”, which is not a valid URL.`);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    return failure('bad_redirect', `${from} redirects to a ${next.protocol} URL; only http and https are followed.`);
  }
  next.hash = '';
  return next.href;
}

function hopNote(rule: CrawlHopRule, root: string, url: string): string {
  switch (rule) {
    case 'start':
      return `Start: buyers' crawlers ask for ${url} first (plain http only when https cannot connect).`;
    case 'within_root':
      return `Redirect within ${root}: allowed, any number of such hops.`;
    case 'off_root':
      return `Redirect outside ${root}: allowed once; this server must answer with the file itself.`;
    case 'redirects_again':
      return `Redirects again after leaving ${root}: not allowed.`;
  }
}

/** What a buyer's crawler learns from one answer: status, type, size, dates, caching. */
function hopOf(url: string, res: GuardedResponse, rule: CrawlHopRule, root: string): CrawlHop {
  const h = res.headers;
  const declared = Number(h['content-length']);
  return {
    url,
    status: res.status,
    rule,
    note: hopNote(rule, root, url),
    contentType: h['content-type'] ?? null,
    size: res.body.length > 0 ? res.body.length : Number.isFinite(declared) ? declared : null,
    lastModified: h['last-modified'] ?? null,
    cacheControl: h['cache-control'] ?? null,
    expires: h.expires ?? null,
  };
}
