import type { GuardedFetch } from '../../../lib/outbound/guarded-fetch';
import { OutboundBodyTooLargeError, plainOutboundFailure } from '../../../lib/outbound/outbound-errors';
import { SellersJsonStream, type SellersJsonSummary } from './sellers-json-stream';

export type SellersJsonFetch =
  | { status: 'ok'; summary: SellersJsonSummary; etag: string | null; lastModified: string | null; url: string }
  | { status: 'not_modified' }
  | { status: 'not_found' | 'error' | 'malformed' | 'too_large'; reason: string };

const MAX_REDIRECTS = 5;

/**
 * Fetches `https://<system>/sellers.json` through the guarded client (every redirect hop checked
 * again), streaming it through the parser under a size cap, with a conditional request when the
 * caller already holds the file's validators.
 */
export async function fetchSellersJson(
  fetch: GuardedFetch,
  system: string,
  wanted: ReadonlySet<string>,
  opts: { maxBytes: number; etag?: string | null; lastModified?: string | null; baseUrl?: string },
): Promise<SellersJsonFetch> {
  let url = opts.baseUrl ?? `https://${system}/sellers.json`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.etag) headers['if-none-match'] = opts.etag;
  if (opts.lastModified) headers['if-modified-since'] = opts.lastModified;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const stream = new SellersJsonStream(wanted);
    let parseError: Error | null = null;
    let response;
    try {
      response = await fetch(url, {
        headers,
        maxBodyBytes: opts.maxBytes,
        timeoutMs: 120_000,
        onChunk: (chunk) => {
          if (parseError) return;
          try {
            stream.write(chunk);
          } catch (err) {
            parseError = err as Error;
          }
        },
      });
    } catch (err) {
      if (err instanceof OutboundBodyTooLargeError)
        return {
          status: 'too_large',
          reason: `${system}'s sellers.json is larger than ${Math.round(opts.maxBytes / 1048576)} MB, the most we read.`,
        };
      return { status: 'error', reason: `${system}'s sellers.json could not be fetched: ${plainOutboundFailure(err)}.` };
    }
    if (response.status >= 300 && response.status < 400 && response.headers.location) {
      url = new URL(response.headers.location, url).href;
      continue;
    }
    if (response.status === 304) return { status: 'not_modified' };
    if (response.status === 404 || response.status === 410) return { status: 'not_found', reason: `${system} publishes no sellers.json.` };
    if (response.status !== 200) return { status: 'error', reason: `${system}'s sellers.json answered HTTP ${response.status}.` };
    let summary: SellersJsonSummary;
    try {
      if (parseError) throw parseError;
      summary = stream.end();
    } catch {
      return { status: 'malformed', reason: `${system}'s sellers.json is not valid JSON, so no seller in it can be checked.` };
    }
    return { status: 'ok', summary, etag: response.headers.etag ?? null, lastModified: response.headers['last-modified'] ?? null, url };
  }
  return { status: 'error', reason: `${system}'s sellers.json redirects more than ${MAX_REDIRECTS} times.` };
}
