import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { originMatches, visitorHash } from './site-tag.collect';

describe('beacon checks on the collection path', () => {
  it('accepts the site’s domain and its subdomains as the origin, whatever the case, and refuses the rest', () => {
    for (let i = 0; i < 2; i++) {
      // twice: the second answers come from the origin cache and must be the same
      expect(originMatches('https://northwind-news.example', 'northwind-news.example')).toBe(true);
      expect(originMatches('https://WWW.Northwind-News.example:8443', 'www.northwind-news.example')).toBe(true);
      expect(originMatches('https://m.northwind-news.example', 'northwind-news.example')).toBe(true);
      expect(originMatches('https://northwind-news.example.evil.example', 'northwind-news.example')).toBe(false);
      expect(originMatches('https://evilnorthwind-news.example', 'northwind-news.example')).toBe(false);
      expect(originMatches('not a url', 'northwind-news.example')).toBe(false);
      expect(originMatches('null', 'northwind-news.example')).toBe(false);
      expect(originMatches(undefined, 'northwind-news.example')).toBe(false);
    }
    expect(originMatches('http://localhost:8316', 'northwind-news.example', ['http://localhost:8316'])).toBe(true);
  });

  it('hashes a visitor to the first 8 bytes of SHA-256 of salt, site, IP and user agent (stable across processes and versions)', () => {
    const expected = createHash('sha256').update('salt|5001|203.0.113.9|Mozilla/5.0').digest().readBigInt64BE(0);
    expect(visitorHash('salt', '5001', '203.0.113.9', 'Mozilla/5.0')).toBe(expected);
    expect(visitorHash('other-day', '5001', '203.0.113.9', 'Mozilla/5.0')).not.toBe(expected);
  });
});
