import { describe, expect, it } from 'vitest';
import { parseAdsTxt, toRelationship } from './parse-ads-txt';
import { normalizeAdsTxtLine, recordMatchKey, serializeRecord } from './serialize-ads-txt';

describe('serializeRecord / normalizeAdsTxtLine', () => {
  it('produces one canonical spelling per record', () => {
    const variants = [
      'GOOGLE.com,pub-1,direct,F08C',
      '  google.com ,\tpub-1 , DIRECT , F08C   # note',
      '\uFEFFgoogle.com, pub-1, Direct, F08C',
    ];
    for (const v of variants) expect(normalizeAdsTxtLine(v)).toBe('google.com, pub-1, DIRECT, F08C');
  });

  it('keeps extensions unless asked not to', () => {
    const record = parseAdsTxt('a.com, 1, RESELLER ; tag=x').records[0];
    expect(record && serializeRecord(record)).toBe('a.com, 1, RESELLER;tag=x');
    expect(record && serializeRecord(record, { includeExtension: false })).toBe('a.com, 1, RESELLER');
  });

  it('normalizes variables and rejects comments and invalid lines', () => {
    expect(normalizeAdsTxtLine('ownerdomain = Example.COM')).toBe('OWNERDOMAIN=example.com');
    expect(normalizeAdsTxtLine('# comment')).toBeNull();
    expect(normalizeAdsTxtLine('')).toBeNull();
    expect(normalizeAdsTxtLine('a.com, 1, SOMETIMES')).toBeNull();
  });

  it('match keys ignore case and the certification id', () => {
    const [a, b] = parseAdsTxt('A.com, AbC, direct, x\na.com, abc, DIRECT, y').records;
    expect(a && b && recordMatchKey(a) === recordMatchKey(b)).toBe(true);
  });

  it('recognises relationships in any case only', () => {
    expect(['direct', 'Reseller', 'DIRECT', 'reseller'].map(toRelationship)).toEqual(['DIRECT', 'RESELLER', 'DIRECT', 'RESELLER']);
    expect(['DIRECTS', 'RESELL', '', 'D1RECT'].map(toRelationship)).toEqual([null, null, null, null]);
  });
});

describe('parseAdsTxt scale', () => {
  // Speed is measured by `npm run bench:adstxt` (target <= 25 ms), not here: a timed unit test is
  // flaky on a loaded machine.
  it('parses a 20,000-line file completely', () => {
    const lines: string[] = [];
    for (let i = 0; i < 20_000; i++)
      lines.push(`exchange${i % 40}.com, ${100000 + i}, ${i % 3 === 0 ? 'DIRECT' : 'RESELLER'}, abcdef0123456789`);
    const text = lines.join('\n');
    const parsed = parseAdsTxt(text);
    expect(parsed.records).toHaveLength(20_000);
    expect(parsed.problems).toEqual([]);
  });

  it('reports a variable-looking line with a bad name as a malformed record, not a variable', () => {
    const parsed = parseAdsTxt('google.com=1\nfoo bar=baz');
    expect(parsed.problems.map((p) => [p.line, p.code])).toEqual([
      [0, 'empty_file'],
      [1, 'malformed_record'],
      [2, 'malformed_record'],
    ]);
  });
});
