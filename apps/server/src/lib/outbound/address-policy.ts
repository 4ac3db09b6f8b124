import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { blockedAddressReason, canonicalIp } from './ip-address';
import { OutboundBlockedError } from './outbound-errors';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Host name -> addresses. Injectable so tests can map names like `a.test` to 127.0.0.1. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/**
 * Top-level names reserved so they never exist on the public DNS (RFC 2606, RFC 6761): documentation
 * (`example`) and deliberately invalid names. Asking a resolver about them only leaks the name to
 * it (the demo's partner sites are `*.example`), so they fail as not found at once.
 */
const RESERVED_TLDS = ['example', 'invalid'];

export function isReservedName(hostname: string): boolean {
  const tld = hostname.toLowerCase().replace(/\.$/, '').split('.').pop() ?? '';
  return RESERVED_TLDS.includes(tld);
}

/** `resolve`, except that reserved names answer ENOTFOUND without a lookup. */
export function withoutReservedNames(resolve: Resolver): Resolver {
  return async (hostname) => {
    if (isReservedName(hostname)) {
      const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname} (a reserved name: not looked up)`);
      err.code = 'ENOTFOUND';
      throw err;
    }
    return resolve(hostname);
  };
}

export const systemResolver: Resolver = withoutReservedNames(async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
});

/**
 * Decides whether an address may be contacted: public, or explicitly allowed. `allowHosts` allows
 * whole IP addresses (tests against local servers only); `allowEndpoints` allows exact
 * `ip:port` pairs of IP literals (the demo's own loopback targets), so that allowing one demo
 * target opens no other port of the machine, and no host name that resolves to the same address.
 */
export class AddressPolicy {
  private readonly allowed: ReadonlySet<string>;
  private readonly endpoints: ReadonlySet<string>;

  constructor(allowHosts: readonly string[] = [], allowEndpoints: readonly string[] = []) {
    const allowed = new Set<string>();
    for (const host of allowHosts) {
      const canonical = canonicalIp(host);
      if (canonical === null) throw new TypeError(`allowHosts entries must be IP addresses, got "${host}".`);
      allowed.add(canonical);
    }
    this.allowed = allowed;
    this.endpoints = new Set(allowEndpoints.map(endpointKeyOf));
  }

  /**
   * Throws OutboundBlockedError unless the address may be contacted. `port` is given only when
   * `address` is the IP literal the caller named (not a resolved name): only then may an
   * allowed endpoint apply.
   */
  assertAllowed(address: string, hostname: string, port?: number): void {
    const canonical = canonicalIp(address);
    if (canonical !== null && this.allowed.has(canonical)) return;
    if (canonical !== null && port !== undefined && this.endpoints.has(`${canonical}|${port}`)) return;
    const reason = blockedAddressReason(address);
    if (reason === null) return;
    const named = hostname === address ? address : `${hostname} (${address})`;
    throw new OutboundBlockedError('blocked_address', `Refused to connect to ${named}: ${reason} address.`, { hostname, address });
  }
}

/** `127.0.0.1:9` or `[::1]:8080` -> the canonical address and port, as the policy compares them. */
function endpointKeyOf(endpoint: string): string {
  const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(endpoint.trim());
  const canonical = m ? canonicalIp(m[1]!) : null;
  if (!m || canonical === null) throw new TypeError(`allowEndpoints entries must be ip:port, got "${endpoint}".`);
  return `${canonical}|${Number(m[2])}`;
}

/** The port a URL connects to (its own, or its scheme's default). */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls.connect that resolves, then refuses the whole answer if any address is
 * not allowed. It runs for every new connection, so the address checked is the address connected
 * to: a DNS answer that changes between a pre-check and the connect (rebinding) cannot slip past.
 */
export function createGuardedLookup(policy: AddressPolicy, resolve: Resolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (answers) => {
        try {
          const wanted = options.family === 4 || options.family === 6 ? answers.filter((a) => a.family === options.family) : answers;
          if (wanted.length === 0) {
            const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
            err.code = 'ENOTFOUND';
            callback(err, '');
            return;
          }
          for (const answer of wanted) policy.assertAllowed(answer.address, hostname);
          const first = wanted[0] as ResolvedAddress;
          if (options.all)
            callback(
              null,
              wanted.map((a) => ({ address: a.address, family: a.family })),
            );
          else callback(null, first.address, first.family);
        } catch (err) {
          callback(err as Error, '');
        }
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), ''),
    );
  };
}
