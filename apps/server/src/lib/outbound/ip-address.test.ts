import { describe, expect, it } from 'vitest';
import { blockedAddressReason, canonicalIp, parseIPv6 } from './ip-address';

describe('blockedAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.19.1.1', 'benchmarking'],
    ['192.0.2.1', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback (IPv4-mapped IPv6)'],
    ['::ffff:7f00:1', 'loopback (IPv4-mapped IPv6)'],
    ['::ffff:10.0.0.1', 'private (IPv4-mapped IPv6)'],
    ['::ffff:0:7f00:1', 'loopback (IPv4-translated IPv6)'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', 'loopback (NAT64)'],
    ['64:ff9b::192.168.0.1', 'private (NAT64)'],
    ['2002:c0a8:0101::1', 'private (6to4)'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique local'],
    ['fdff:ffff::1', 'unique local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001:0:4136:e378::1', 'IETF protocol assignments'],
    ['not-an-ip', 'not an IP address'],
  ])('refuses %s (%s)', (address, label) => {
    expect(blockedAddressReason(address)).toContain(label);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('allows public %s', (address) => expect(blockedAddressReason(address)).toBeNull());

  it('normalises spellings so allow-list entries match', () => {
    expect(canonicalIp('0:0:0:0:0:0:0:1')).toBe(canonicalIp('::1'));
    expect(canonicalIp('[::ffff:127.0.0.1]')).toBe(canonicalIp('::ffff:7f00:1'));
    expect(parseIPv6('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x0102, 0x0304]);
  });
});
