import { performance } from 'node:perf_hooks';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { measuredConnection, timingsOf, type OutboundTimings } from './measured-connect';
import { AddressPolicy, createGuardedLookup, portOf, systemResolver, type Resolver } from './address-policy';
import { isIpLiteral } from './ip-address';
import {
  OutboundBlockedError,
  OutboundBodyTooLargeError,
  OutboundNetworkError,
  OutboundTimeoutError,
  findBlockedError,
  networkErrorCode,
  networkPhase,
} from './outbound-errors';

export interface GuardedFetchOptions {
  /**
   * IP addresses that may be contacted even though they are loopback/private. Only for tests that
   * target local servers; production configuration never sets it.
   */
  allowHosts?: readonly string[];
  /**
   * Exact `ip:port` pairs that may be contacted though their address is loopback/private, when the
   * URL names that IP literally: the demo's own targets (modules/monitors/demo/demo-targets.ts). No other port of
   * the address, and no host name resolving to it, is opened by them.
   */
  allowEndpoints?: readonly string[];
  /** Default whole-exchange time limit per request (connect + headers + body). */
  timeoutMs?: number;
  /** Default response body cap; the download is aborted as soon as it is exceeded. */
  maxBodyBytes?: number;
  /** Name resolution; defaults to the system resolver. Tests inject a fixed table. */
  resolve?: Resolver;
  userAgent?: string;
  /** Extra trusted CA certificates (PEM): only for tests against a local TLS server. */
  ca?: string[];
}

export interface GuardedRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs?: number;
  maxBodyBytes?: number;
  signal?: AbortSignal;
  /**
   * Streams the body here instead of buffering it (the answer's `body` is then empty): for files
   * of hundreds of megabytes such as sellers.json. `maxBodyBytes` still applies.
   */
  onChunk?: (chunk: Buffer) => void;
  /**
   * Uptime checks: a new connection for this request (no keep-alive, no TLS session reuse), and
   * the answer carries phase timings and the server certificate's expiry.
   */
  measure?: boolean;
}

export interface GuardedResponse {
  /** The URL that answered (redirects are never followed here). */
  url: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** Only with `measure`. */
  timings?: OutboundTimings;
  /** Only with `measure` on https: when the certificate the server showed expires. */
  certValidTo?: Date | null;
}

/**
 * One request, no redirects followed: a 3xx comes back as is, with its `location` header, so the
 * caller follows it through this same function and every hop is checked again.
 */
export type GuardedFetch = ((url: string | URL, init?: GuardedRequestInit) => Promise<GuardedResponse>) & {
  close(): Promise<void>;
};

export const DEFAULT_OUTBOUND_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * The only way server code should make outbound HTTP requests. Loopback, private, link-local,
 * CGNAT, multicast, reserved and documentation addresses (IPv4 and IPv6, including mapped and
 * NAT64 forms) are refused: literal IPs before anything is sent, host names at connect time on
 * the address actually resolved.
 */
export function createGuardedFetch(options: GuardedFetchOptions = {}): GuardedFetch {
  const policy = new AddressPolicy(options.allowHosts, options.allowEndpoints);
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS;
  const defaultMaxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const userAgent = options.userAgent ?? 'PartnersCenter/1.0 (+outbound)';

  const lookup = createGuardedLookup(policy, options.resolve ?? systemResolver);
  const tlsExtra = options.ca?.length ? { ca: options.ca } : {};
  const baseConnect = buildConnector({ lookup, timeout: defaultTimeoutMs, ...tlsExtra });
  // Measured requests never resume a TLS session: each check sees a full handshake and the certificate.
  const freshConnect = buildConnector({ lookup, timeout: defaultTimeoutMs, maxCachedSessions: 0, keepAlive: false, ...tlsExtra });
  const guard =
    (inner: buildConnector.connector): buildConnector.connector =>
    (connectOptions, callback) => {
      // net.connect skips `lookup` for IP literals, so literals are checked here, at connect time too.
      const host = unbracket(connectOptions.hostname);
      if (isIpLiteral(host)) {
        try {
          const port = Number(connectOptions.port) || (connectOptions.protocol === 'https:' ? 443 : 80);
          policy.assertAllowed(host, host, port);
        } catch (err) {
          callback(err as Error, null);
          return;
        }
      }
      return inner(connectOptions, callback);
    };
  const agent = new Agent({ connect: guard(baseConnect), keepAliveTimeout: 4_000 });

  const guardedFetch = async (input: string | URL, init: GuardedRequestInit = {}): Promise<GuardedResponse> => {
    const url = checkUrl(input, policy);
    const timeoutMs = init.timeoutMs ?? defaultTimeoutMs;
    const maxBodyBytes = init.maxBodyBytes ?? defaultMaxBody;
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(new OutboundTimeoutError(url.href, timeoutMs)), timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timer.signal]) : timer.signal;
    const measured = init.measure ? measuredConnection(guard(freshConnect)) : null;
    const dispatcher: Dispatcher = measured ? new Agent({ connect: measured.connect, pipelining: 1, keepAliveTimeout: 1 }) : agent;
    const startedAt = performance.now();
    try {
      const response = await request(url, {
        dispatcher,
        method: init.method ?? 'GET',
        headers: { 'user-agent': userAgent, ...init.headers },
        body: init.body,
        signal,
      });
      const headersAt = performance.now();
      const headers = flattenHeaders(response.headers);
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBodyBytes) {
        discard(response.body);
        throw new OutboundBodyTooLargeError(url.href, maxBodyBytes);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        const buf = chunk as Buffer;
        size += buf.length;
        if (size > maxBodyBytes) {
          discard(response.body);
          throw new OutboundBodyTooLargeError(url.href, maxBodyBytes);
        }
        if (init.onChunk) {
          try {
            init.onChunk(buf);
          } catch (consumerErr) {
            discard(response.body);
            throw new ConsumerError(consumerErr);
          }
        } else chunks.push(buf);
      }
      const answer: GuardedResponse = {
        url: url.href,
        status: response.statusCode,
        headers,
        body: init.onChunk ? Buffer.alloc(0) : Buffer.concat(chunks, size),
      };
      if (measured) {
        answer.timings = timingsOf(measured.marks, startedAt, headersAt, performance.now());
        answer.certValidTo = measured.certValidTo;
      }
      return answer;
    } catch (err) {
      const translated = translateError(err, url.href, timer.signal, init.signal);
      // A measured request knows whether its connection was ever made: a time-out before it is a
      // connection failure, told in the same words as a refused or unreachable port (a filtered
      // port and a closed one must not be told apart).
      if (translated instanceof OutboundTimeoutError && measured && measured.marks.connect === undefined)
        throw new OutboundNetworkError(url.href, 'connect', 'ETIMEDOUT', { cause: err });
      throw translated;
    } finally {
      clearTimeout(timeout);
      // The one-off dispatcher of a measured request closes its connection right away.
      if (measured) void dispatcher.destroy().catch(() => undefined);
    }
  };
  return Object.assign(guardedFetch, { close: () => agent.close() });
}

/** Parses the URL and refuses non-HTTP schemes and disallowed literal IPs before any I/O. */
function checkUrl(input: string | URL, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundBlockedError('invalid_url', `"${String(input)}" is not a valid URL.`, { url: String(input) });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundBlockedError('unsupported_scheme', `Only http and https URLs may be fetched, not ${url.protocol}`, { url: url.href });
  }
  // WHATWG URL parsing already turned decimal/hex/short IPv4 forms (2130706433, 0x7f.1) into dotted quads.
  const host = unbracket(url.hostname);
  if (isIpLiteral(host)) policy.assertAllowed(host, host, portOf(url));
  return url;
}

/** Stops a download; the listener keeps undici's abort error from surfacing as an uncaught exception. */
function discard(body: NodeJS.ReadableStream & { destroy(): void }): void {
  body.on('error', () => {});
  body.destroy();
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Wraps what `onChunk` threw, so the caller gets its own error back rather than a network error. */
class ConsumerError extends Error {
  constructor(readonly original: unknown) {
    super('outbound body consumer failed');
  }
}

function translateError(err: unknown, url: string, timerSignal: AbortSignal, callerSignal: AbortSignal | undefined): Error {
  if (err instanceof ConsumerError) return err.original instanceof Error ? err.original : new Error(String(err.original));
  if (err instanceof OutboundBodyTooLargeError || err instanceof OutboundTimeoutError) return err;
  const blocked = findBlockedError(err);
  if (blocked) return blocked;
  if (timerSignal.aborted && timerSignal.reason instanceof OutboundTimeoutError) return timerSignal.reason;
  if (callerSignal?.aborted) return err instanceof Error ? err : new Error(String(err));
  const code = networkErrorCode(err);
  return new OutboundNetworkError(url, networkPhase(code), code, { cause: err });
}
