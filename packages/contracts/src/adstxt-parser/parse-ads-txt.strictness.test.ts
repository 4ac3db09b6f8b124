import { describe, expect, it } from 'vitest';
import { parseAdsTxt } from './parse-ads-txt';

// Where buyers' crawlers are strict, the parser says so. Each case lists the
// exact records kept and the exact problems raised.
const problemsOf = (text: string) => parseAdsTxt(text).problems.map((p) => [p.line, p.severity, p.code]);
const recordsOf = (text: string) =>
  parseAdsTxt(text).records.map(({ line, domain, accountId, relationship, certificationAuthorityId, extension }) => ({
    line,
    domain,
    accountId,
    relationship,
    ...(certificationAuthorityId !== undefined ? { certificationAuthorityId } : {}),
    ...(extension !== undefined ? { extension } : {}),
  }));

describe('ads.txt parser strictness', () => {
  it('1. accepts a trailing comma (empty fourth field) with a warning naming the fix', () => {
    const text = 'google.com, pub-1, DIRECT,\nappnexus.com, 7, RESELLER, f5ab79cb980f11d1,';
    expect(recordsOf(text)).toEqual([
      { line: 1, domain: 'google.com', accountId: 'pub-1', relationship: 'DIRECT' },
      { line: 2, domain: 'appnexus.com', accountId: '7', relationship: 'RESELLER', certificationAuthorityId: 'f5ab79cb980f11d1' },
    ]);
    expect(problemsOf(text)).toEqual([
      [1, 'warning', 'trailing_comma'],
      [2, 'warning', 'trailing_comma'],
    ]);
    expect(parseAdsTxt(text).problems[0]?.reason).toMatch(/remove the trailing comma/);
  });

  it('2. refuses an account id with whitespace inside (template leftovers)', () => {
    const text = 'example.com, INSERT PUBLISHER ID, DIRECT\ngoogle.com, pub-2, DIRECT';
    expect(recordsOf(text)).toEqual([{ line: 2, domain: 'google.com', accountId: 'pub-2', relationship: 'DIRECT' }]);
    expect(problemsOf(text)).toEqual([[1, 'error', 'account_id_spaces']]);
    expect(parseAdsTxt(text).problems[0]?.reason).toContain('“INSERT PUBLISHER ID”');
  });

  it('3. keeps only the certification authority id and warns about the text after it', () => {
    const text = 'google.com, pub-3, DIRECT, f08c47fec0942fa0 (display only)';
    expect(recordsOf(text)).toEqual([
      { line: 1, domain: 'google.com', accountId: 'pub-3', relationship: 'DIRECT', certificationAuthorityId: 'f08c47fec0942fa0' },
    ]);
    expect(problemsOf(text)).toEqual([[1, 'warning', 'certification_id_text']]);
  });

  it('4. refuses more than four fields before an extension and names the likely glue point', () => {
    const text = 'google.com, pub-4, DIRECT, f08c47fec0942fa0appnexus.com, 8, RESELLER\nopenx.com, 9, DIRECT; ext, a, b, c';
    const parsed = parseAdsTxt(text);
    // Commas after ';' belong to the extension and are not fields.
    expect(recordsOf(text)).toEqual([{ line: 2, domain: 'openx.com', accountId: '9', relationship: 'DIRECT', extension: 'ext, a, b, c' }]);
    expect(problemsOf(text)).toEqual([[1, 'error', 'glued_records']]);
    expect(parsed.problems[0]?.reason).toContain('field 4 (“f08c47fec0942fa0appnexus.com”)');
  });

  it('5. treats CR, LF and CRLF alike as line breaks', () => {
    const text = 'google.com, pub-5, DIRECT\rappnexus.com, 10, RESELLER\r\nopenx.com, 11, DIRECT\n\rpubmatic.com, 12, DIRECT';
    expect(recordsOf(text).map((r) => [r.line, r.domain])).toEqual([
      [1, 'google.com'],
      [2, 'appnexus.com'],
      [3, 'openx.com'],
      [5, 'pubmatic.com'],
    ]);
    expect(parseAdsTxt(text).records.every((r) => !r.raw.includes('\r'))).toBe(true);
    expect(problemsOf(text)).toEqual([]);
  });

  it('6. matches records with Unicode spaces leniently but warns', () => {
    const text = 'google.com,\u00a0pub-6,\u00a0DIRECT\nappnexus.com, 13, RESELLER\n\u3000openx.com, 14, DIRECT # note\u00a0here';
    expect(recordsOf(text)).toEqual([
      { line: 1, domain: 'google.com', accountId: 'pub-6', relationship: 'DIRECT' },
      { line: 2, domain: 'appnexus.com', accountId: '13', relationship: 'RESELLER' },
      { line: 3, domain: 'openx.com', accountId: '14', relationship: 'DIRECT' },
    ]);
    // A Unicode space inside a comment changes nothing a crawler reads; only line 3's leading one counts.
    expect(problemsOf(text)).toEqual([
      [1, 'warning', 'unicode_space'],
      [3, 'warning', 'unicode_space'],
    ]);
    expect(parseAdsTxt(text).problems[0]?.reason).toContain('U+00A0');
  });

  it('7. treats exact repeats as duplicates and case-only variants as possible duplicates', () => {
    const text = [
      'google.com, pub-AbC, DIRECT',
      'google.com, pub-abc, DIRECT',
      'google.com, pub-AbC, DIRECT',
      'Google.com, pub-abc, DIRECT',
      'google.com, pub-xyz, RESELLER',
    ].join('\n');
    expect(recordsOf(text)).toHaveLength(5);
    expect(problemsOf(text)).toEqual([
      [2, 'warning', 'possible_duplicate'],
      [3, 'warning', 'duplicate_line'],
      [4, 'warning', 'duplicate_line'],
    ]);
    const reasons = parseAdsTxt(text).problems.map((p) => p.reason);
    expect(reasons[0]).toMatch(/^Possible duplicate: line 1 /);
    expect(reasons[1]).toMatch(/line 1;/);
    expect(reasons[2]).toMatch(/line 2;/);
  });
});
