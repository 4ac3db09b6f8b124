/**
 * Typed failures of the guarded outbound client, so callers (crawler, uptime checks, webhooks)
 * can tell "we refused" from "it timed out" from "the network failed" without parsing messages.
 */

export type OutboundBlockReason = 'invalid_url' | 'unsupported_scheme' | 'blocked_address';

/** The request was refused by policy; nothing was sent (and no connection was opened). */
export class OutboundBlockedError extends Error {
  override readonly name = 'OutboundBlockedError';
  readonly code = 'OUTBOUND_BLOCKED';
  constructor(
    readonly reason: OutboundBlockReason,
    message: string,
    readonly details: { url?: string; hostname?: string; address?: string } = {},
  ) {
    super(message);
  }
}

/** The whole exchange (connect, headers and body) took longer than allowed. */
export class OutboundTimeoutError extends Error {
  override readonly name = 'OutboundTimeoutError';
  readonly code = 'OUTBOUND_TIMEOUT';
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`No complete answer from ${url} within ${timeoutMs} ms.`);
  }
}

/** The response body exceeded the limit; the download was aborted at that point. */
export class OutboundBodyTooLargeError extends Error {
  override readonly name = 'OutboundBodyTooLargeError';
  readonly code = 'OUTBOUND_BODY_TOO_LARGE';
  constructor(
    readonly url: string,
    readonly maxBodyBytes: number,
  ) {
    super(`The response from ${url} is larger than ${maxBodyBytes} bytes.`);
  }
}

/**
 * Where a network failure happened: `dns` (name did not resolve), `connect` (TCP or TLS could not
 * be established: refused, unreachable, handshake or certificate failure) or `transfer` (the
 * connection broke while the request or response was in flight).
 */
export type OutboundNetworkPhase = 'dns' | 'connect' | 'transfer';

export class OutboundNetworkError extends Error {
  override readonly name = 'OutboundNetworkError';
  constructor(
    readonly url: string,
    readonly phase: OutboundNetworkPhase,
    readonly errorCode: string,
    options?: { cause?: unknown },
  ) {
    // A connect failure names no code: refused, unreachable and timed out read the same, so the
    // text never tells a closed port from a filtered one (`errorCode` keeps it for the logs).
    super(
      phase === 'dns'
        ? `Could not resolve ${url} (${errorCode}).`
        : phase === 'connect'
          ? `Could not connect to ${url}.`
          : `Connection failed while talking to ${url} (${errorCode}).`,
      options,
    );
  }
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_FAIL', 'ENODATA']);
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ETIMEDOUT',
  'EPROTO',
  'UND_ERR_CONNECT_TIMEOUT',
  'EADDRNOTAVAIL',
]);

/** Error code of an undici / Node network error (looking through `cause`), or 'UNKNOWN'. */
export function networkErrorCode(err: unknown): string {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return code;
  }
  const top = err instanceof Error ? (err as { code?: unknown }).code : undefined;
  return typeof top === 'string' ? top : 'UNKNOWN';
}

export function networkPhase(code: string): OutboundNetworkPhase {
  if (DNS_CODES.has(code)) return 'dns';
  if (
    CONNECT_CODES.has(code) ||
    code.startsWith('ERR_SSL') ||
    code.startsWith('ERR_TLS') ||
    code.includes('CERT') ||
    code.includes('SELF_SIGNED') ||
    code.startsWith('UNABLE_TO')
  ) {
    return 'connect';
  }
  return 'transfer';
}

/** The OutboundBlockedError inside an error chain (undici may wrap what the connector raised). */
export function findBlockedError(err: unknown): OutboundBlockedError | null {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof OutboundBlockedError) return e;
  }
  return null;
}

/**
 * A failure in words a publisher can act on, with no error codes: shown in the UI by the ads.txt
 * crawler, the sellers.json check and anything else that reports an outbound failure.
 */
export function plainOutboundFailure(err: unknown): string {
  if (err instanceof OutboundTimeoutError) return `no complete answer within ${Math.round(err.timeoutMs / 1000)} seconds`;
  if (err instanceof OutboundBodyTooLargeError) return `the answer is larger than ${Math.round(err.maxBodyBytes / 1024)} KB`;
  if (err instanceof OutboundBlockedError)
    return err.reason === 'blocked_address'
      ? 'the address points into a private network, which we never contact'
      : 'the address is not a web address we can fetch';
  if (err instanceof OutboundNetworkError) {
    if (err.phase === 'dns') return 'the domain name does not resolve (no DNS record)';
    if (err.phase === 'connect') return 'the server could not be reached (no connection: refused, unreachable, timed out or a TLS failure)';
    return 'the connection broke while the answer was being read';
  }
  return 'an unexpected network failure';
}
