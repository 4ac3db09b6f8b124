/**
 * Headers a reverse proxy sets to name the client it forwards for: the ones TRUST_PROXY is about
 * (X-Forwarded-For, and its standard form Forwarded, RFC 7239) and the ones nginx, Cloudflare,
 * Akamai and Fastly set instead or as well (X-Real-IP, CF-Connecting-IP, True-Client-IP, ...).
 * A request carrying any of them came through a proxy, whatever its socket's peer is.
 */
export const PROXY_CLIENT_HEADERS = [
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'cf-connecting-ip',
  'true-client-ip',
  'fastly-client-ip',
] as const;

/** True when a proxy in front forwarded this request (any header of PROXY_CLIENT_HEADERS is present). */
export function cameThroughProxy(headers: Record<string, unknown>): boolean {
  return PROXY_CLIENT_HEADERS.some((name) => headers[name] !== undefined);
}
