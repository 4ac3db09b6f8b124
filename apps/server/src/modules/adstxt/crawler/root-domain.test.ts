import { describe, expect, it } from 'vitest';
import { rootDomain, sameRootDomain } from './root-domain';

describe('rootDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['www.example.com', 'example.com'],
    ['a.b.cdn.example.com', 'example.com'],
    ['WWW.Example.COM.', 'example.com'],
    ['news.bbc.co.uk', 'bbc.co.uk'],
    ['www.smh.com.au', 'smh.com.au'],
    ['www.asahi.co.jp', 'asahi.co.jp'],
    ['co.uk', 'co.uk'],
    ['www.b.test', 'b.test'],
    ['127.0.0.1', '127.0.0.1'],
    ['[::1]', '[::1]'],
  ])('%s -> %s', (host, root) => expect(rootDomain(host)).toBe(root));

  it('compares roots', () => {
    expect(sameRootDomain('www.example.co.uk', 'cdn.example.co.uk')).toBe(true);
    expect(sameRootDomain('example.co.uk', 'other.co.uk')).toBe(false);
    expect(sameRootDomain('example.com', 'example.net')).toBe(false);
  });
});
