import { isIPv4, isIPv6 } from 'node:net';

/**
 * IP address classification for the outbound guard: which addresses a server-side request must
 * never reach (SSRF). Written out by hand rather than with net.BlockList because the mapped,
 * compatible, NAT64 and 6to4 IPv6 forms must be unwrapped and judged by the IPv4 they embed.
 */

type V4Range = readonly [base: number, prefix: number, label: string];

/** IANA special-purpose IPv4 blocks that are not globally reachable (RFC 6890 and successors). */
const V4_BLOCKED: readonly V4Range[] = [
  [v4('0.0.0.0'), 8, 'unspecified ("this network")'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'carrier-grade NAT'],
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'IETF protocol assignments'],
  [v4('192.0.2.0'), 24, 'documentation'],
  [v4('192.88.99.0'), 24, 'reserved (6to4 relay)'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'benchmarking'],
  [v4('198.51.100.0'), 24, 'documentation'],
  [v4('203.0.113.0'), 24, 'documentation'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'],
];

type V6Range = readonly [hextets: readonly number[], prefix: number, label: string];

/** IPv6 blocks refused outright (the embedding forms are handled separately). */
const V6_BLOCKED: readonly V6Range[] = [
  [[0x0100, 0, 0, 0], 64, 'discard-only'],
  [[0x2001, 0x0000], 23, 'IETF protocol assignments (incl. Teredo, benchmarking)'],
  [[0x2001, 0x0db8], 32, 'documentation'],
  [[0x3fff, 0], 20, 'documentation'],
  [[0x5f00], 16, 'segment routing'],
  [[0xfc00], 7, 'unique local (private)'],
  [[0xfe80], 10, 'link-local'],
  [[0xfec0], 10, 'site-local (deprecated)'],
  [[0xff00], 8, 'multicast'],
  [[0x0064, 0xff9b, 0x0001], 48, 'local-use NAT64'],
];

function v4(text: string): number {
  const parts = text.split('.');
  return ((Number(parts[0]) << 24) | (Number(parts[1]) << 16) | (Number(parts[2]) << 8) | Number(parts[3])) >>> 0;
}

/** Dotted-quad to a 32-bit unsigned number, or null. */
export function parseIPv4(text: string): number | null {
  return isIPv4(text) ? v4(text) : null;
}

/** IPv6 text (with or without brackets, with an embedded dotted quad or not) to 8 hextets, or null. */
export function parseIPv6(input: string): number[] | null {
  const text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  if (!isIPv6(text)) return null;
  let tail: number[] = [];
  let body = text;
  const lastColon = text.lastIndexOf(':');
  const maybeV4 = text.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    const n = parseIPv4(maybeV4);
    if (n === null) return null;
    tail = [n >>> 16, n & 0xffff];
    body = text.slice(0, lastColon + 1);
    // "::1.2.3.4" leaves "::", "64:ff9b::1.2.3.4" leaves "64:ff9b::", "1:2:3:4:5:6:1.2.3.4" leaves a trailing ':'.
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
  }
  const toHextets = (s: string) => (s === '' ? [] : s.split(':').map((h) => parseInt(h, 16)));
  const gap = body.indexOf('::');
  let hextets: number[];
  if (gap === -1) {
    hextets = [...toHextets(body), ...tail];
  } else {
    const head = toHextets(body.slice(0, gap));
    const rest = [...toHextets(body.slice(gap + 2)), ...tail];
    hextets = [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
  }
  return hextets.length === 8 && hextets.every((h) => Number.isInteger(h) && h >= 0 && h <= 0xffff) ? hextets : null;
}

/** One spelling per address, so allow-list entries match however the address was written. */
export function canonicalIp(text: string): string | null {
  const four = parseIPv4(text);
  if (four !== null) return text.split('.').map(Number).join('.');
  const six = parseIPv6(text);
  return six === null ? null : six.map((h) => h.toString(16)).join(':');
}

/** Why an IPv4 address (32-bit number) must not be contacted, or null when it is public. */
function v4BlockLabel(n: number): string | null {
  for (const [base, prefix, label] of V4_BLOCKED) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if ((n & mask) >>> 0 === base) return label;
  }
  return null;
}

function v6InRange(h: readonly number[], base: readonly number[], prefix: number): boolean {
  for (let i = 0; i * 16 < prefix; i++) {
    const bits = Math.min(16, prefix - i * 16);
    const mask = (0xffff << (16 - bits)) & 0xffff;
    if (((h[i] ?? 0) & mask) !== ((base[i] ?? 0) & mask)) return false;
  }
  return true;
}

function embeddedV4(hi: number | undefined, lo: number | undefined): number {
  return (((hi ?? 0) << 16) | (lo ?? 0)) >>> 0;
}

function v6BlockLabel(h: readonly number[]): string | null {
  const zeroUpTo = (n: number) => h.slice(0, n).every((x) => x === 0);
  if (h.every((x) => x === 0)) return 'unspecified';
  if (zeroUpTo(7) && h[7] === 1) return 'loopback';
  const wrapped = (form: string, n: number) => {
    const label = v4BlockLabel(n);
    return label === null ? null : `${label} (${form})`;
  };
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated) reach the embedded IPv4 directly.
  if (zeroUpTo(5) && h[5] === 0xffff) return wrapped('IPv4-mapped IPv6', embeddedV4(h[6], h[7]));
  if (zeroUpTo(4) && h[4] === 0xffff && h[5] === 0) return wrapped('IPv4-translated IPv6', embeddedV4(h[6], h[7]));
  // ::a.b.c.d (IPv4-compatible) is deprecated and never legitimately used: refuse it whatever it embeds.
  if (zeroUpTo(6)) return `IPv4-compatible IPv6 (deprecated), embeds ${embeddedV4(h[6], h[7]) >>> 24}.x.x.x`;
  // 64:ff9b::/96 NAT64 and 2002::/16 6to4 route to the IPv4 they embed.
  if (h[0] === 0x64 && h[1] === 0xff9b && h[2] === 0 && h[3] === 0 && h[4] === 0 && h[5] === 0) {
    return wrapped('NAT64', embeddedV4(h[6], h[7]));
  }
  if (h[0] === 0x2002) return wrapped('6to4', embeddedV4(h[1], h[2]));
  for (const [base, prefix, label] of V6_BLOCKED) if (v6InRange(h, base, prefix)) return label;
  return null;
}

/**
 * Why `address` (an IP literal, IPv6 with or without brackets) must not be contacted, or null when
 * it is a public address. Anything that does not parse as an IP is refused too.
 */
export function blockedAddressReason(address: string): string | null {
  const four = parseIPv4(address);
  if (four !== null) return v4BlockLabel(four);
  const six = parseIPv6(address);
  if (six === null) return 'not an IP address';
  return v6BlockLabel(six);
}

/** True when the text is an IP literal (IPv6 possibly in brackets), as opposed to a host name. */
export function isIpLiteral(host: string): boolean {
  return parseIPv4(host) !== null || parseIPv6(host) !== null;
}
