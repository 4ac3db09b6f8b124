import { AddressPolicy, portOf, systemResolver, type Resolver } from './address-policy';
import { isIpLiteral } from './ip-address';
import { OutboundBlockedError } from './outbound-errors';

export interface TargetCheckOptions {
  /** The same allowances the feature's guarded client gets (guarded-fetch.ts), so both agree. */
  allowHosts?: readonly string[];
  allowEndpoints?: readonly string[];
  resolve?: Resolver;
  /** How long a name may take to resolve before the address is accepted (delivery checks it again). */
  resolveTimeoutMs?: number;
}

export const TARGET_PRIVATE_MESSAGE =
  'This address points into a private network (loopback, private, link-local or a cloud metadata address), which we never contact.';
export const TARGET_CREDENTIALS_MESSAGE =
  'Remove the user name and password from the address: they would be stored and shown in logs and e-mails.';
export const TARGET_SCHEME_MESSAGE = 'Enter a web address starting with http:// or https://';

/**
 * The save-time check of an address an outbound feature will call (a monitor's URL, a webhook's
 * receiver): the same address policy the guarded client applies at connect time, applied when the
 * address is saved, so a private target is refused in the form rather than failing every check.
 * Answers the field message, or null when the address may be saved. A name that does not resolve
 * now is accepted (it may exist later); every connection is still checked on the address it
 * resolves to then (DNS rebinding cannot pass the guarded client).
 */
export function createTargetCheck(options: TargetCheckOptions = {}) {
  const policy = new AddressPolicy(options.allowHosts, options.allowEndpoints);
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.resolveTimeoutMs ?? 3_000;
  const blocked = (address: string, hostname: string, port?: number) => {
    try {
      policy.assertAllowed(address, hostname, port);
      return false;
    } catch (err) {
      if (err instanceof OutboundBlockedError) return true;
      throw err;
    }
  };
  return async (raw: string): Promise<string | null> => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return TARGET_SCHEME_MESSAGE;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return TARGET_SCHEME_MESSAGE;
    if (url.username || url.password) return TARGET_CREDENTIALS_MESSAGE;
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    if (isIpLiteral(host)) return blocked(host, host, portOf(url)) ? TARGET_PRIVATE_MESSAGE : null;
    const answers = await withTimeout(resolve(host), timeoutMs).catch(() => []);
    return answers.some((a) => blocked(a.address, host)) ? TARGET_PRIVATE_MESSAGE : null;
  };
}
export type TargetCheck = ReturnType<typeof createTargetCheck>;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('resolve timed out')), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}
