import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AdsTxtProblemCode, AdsTxtProblemSeverity, AdsTxtRecord, ParsedAdsTxt } from './ads-txt-types';
import { parseAdsTxt } from './parse-ads-txt';

type ProblemTriple = [line: number, severity: AdsTxtProblemSeverity, code: AdsTxtProblemCode];

interface CorpusCase {
  file: string;
  records: number;
  problems: ProblemTriple[];
  /** Records that must appear exactly (line + the listed fields). */
  sample?: Array<Partial<AdsTxtRecord> & { line: number }>;
  check?: (parsed: ParsedAdsTxt) => void;
}

const load = (file: string) => readFileSync(new URL(`./__corpus__/${file}`, import.meta.url), 'utf8');

const cases: CorpusCase[] = [
  {
    file: '01-simple-publisher.txt',
    records: 5,
    problems: [],
    sample: [
      {
        line: 4,
        domain: 'google.com',
        accountId: 'pub-7439281311086140',
        relationship: 'DIRECT',
        certificationAuthorityId: 'f08c47fec0942fa0',
      },
      { line: 6, domain: 'appnexus.com', accountId: '7745', relationship: 'DIRECT', certificationAuthorityId: undefined },
      { line: 8, domain: 'pubmatic.com', accountId: '156439', relationship: 'RESELLER' },
    ],
    check: (p) => expect(p.records[0]?.raw).toBe('google.com, pub-7439281311086140, DIRECT, f08c47fec0942fa0 # display, video'),
  },
  {
    file: '02-crlf.txt',
    records: 3,
    problems: [],
    sample: [
      { line: 5, domain: 'indexexchange.com', accountId: '184349', relationship: 'DIRECT', certificationAuthorityId: '50b1c356f2c5c8fc' },
    ],
    check: (p) => expect(p.records.every((r) => !r.raw.includes('\r'))).toBe(true),
  },
  {
    file: '03-bom.txt',
    records: 2,
    problems: [],
    sample: [{ line: 1, domain: 'google.com', raw: 'google.com, pub-2222222222222222, DIRECT, f08c47fec0942fa0' }],
  },
  {
    file: '04-variables.txt',
    records: 1,
    problems: [],
    sample: [{ line: 10, domain: 'google.com' }],
    check: (p) => {
      expect(p.variables.contact).toEqual(['adops@examplenews.com', 'https://examplenews.com/contact']);
      expect(p.variables.subdomain).toEqual(['sports.examplenews.com', 'weather.examplenews.com']);
      expect(p.variables.inventoryPartnerDomain).toEqual(['partnertv.com']);
      expect(p.variables.ownerDomain).toBe('examplenews.com');
      expect(p.variables.managerDomain).toEqual(['manager-network.com', 'regional-manager.co.uk,GB']);
      expect(p.variables.entries.map((e) => [e.line, e.name])).toEqual([
        [2, 'CONTACT'],
        [3, 'CONTACT'],
        [4, 'SUBDOMAIN'],
        [5, 'SUBDOMAIN'],
        [6, 'INVENTORYPARTNERDOMAIN'],
        [7, 'OWNERDOMAIN'],
        [8, 'MANAGERDOMAIN'],
        [9, 'MANAGERDOMAIN'],
      ]);
    },
  },
  {
    file: '05-owner-domain-twice.txt',
    records: 1,
    problems: [[3, 'warning', 'duplicate_ownerdomain']],
    check: (p) => {
      expect(p.variables.ownerDomain).toBe('first-owner.com');
      expect(p.problems[0]?.reason).toContain('line 1');
    },
  },
  {
    file: '06-malformed.txt',
    records: 2,
    problems: [
      [2, 'error', 'malformed_record'],
      [3, 'error', 'malformed_record'],
      [4, 'error', 'malformed_record'],
      [5, 'error', 'malformed_record'],
      [6, 'error', 'malformed_record'],
    ],
    sample: [{ line: 1 }, { line: 7, domain: 'openx.com' }],
    check: (p) => {
      expect(p.problems[0]?.reason).toMatch(/has 1 field; a record needs at least three/);
      expect(p.problems[1]?.reason).toMatch(/has 2 fields/);
      expect(p.problems[3]?.reason).toMatch(/first field .* is empty/);
      expect(p.problems[4]?.reason).toMatch(/second field .* is empty/);
    },
  },
  {
    file: '07-bad-relationship.txt',
    records: 2,
    problems: [
      [3, 'error', 'bad_relationship'],
      [4, 'error', 'bad_relationship'],
      [5, 'error', 'bad_relationship'],
      [6, 'error', 'bad_relationship'],
    ],
    sample: [
      { line: 1, relationship: 'DIRECT' },
      { line: 2, relationship: 'RESELLER' },
    ],
    check: (p) => expect(p.problems[0]?.reason).toContain('“DIRECTT” is not a valid relationship'),
  },
  {
    file: '08-invalid-domains.txt',
    records: 1,
    problems: [1, 2, 3, 4, 5, 6].map((line): ProblemTriple => [line, 'error', 'invalid_domain']),
    sample: [{ line: 7, domain: 'appnexus.com' }],
  },
  {
    file: '09-duplicates.txt',
    records: 5,
    // Line 4 differs from line 1 only in the account id's letter case: a possible duplicate, since
    // some exchanges' ids are case-sensitive.
    problems: [
      [3, 'warning', 'duplicate_line'],
      [4, 'warning', 'possible_duplicate'],
      [5, 'warning', 'duplicate_line'],
    ],
    check: (p) => {
      expect(p.problems.map((x) => x.reason.match(/line (\d+)/)?.[1])).toEqual(['1', '1', '2']);
      expect(p.records[3]).toMatchObject({ domain: 'google.com', accountId: 'PUB-8888888888888888', relationship: 'DIRECT' });
    },
  },
  {
    file: '10-direct-reseller-conflict.txt',
    records: 6,
    problems: [
      [2, 'warning', 'direct_reseller_conflict'],
      [5, 'warning', 'direct_reseller_conflict'],
      [6, 'warning', 'duplicate_line'],
    ],
    check: (p) => expect(p.problems[0]?.reason).toContain('listed as RESELLER here but as DIRECT on line 1'),
  },
  {
    file: '11-empty.txt',
    records: 0,
    problems: [[0, 'warning', 'empty_file']],
    check: (p) => expect(p.problems[0]?.reason).toContain('placeholder.example.com, placeholder, DIRECT, placeholder'),
  },
  {
    file: '12-only-comments.txt',
    records: 0,
    problems: [[0, 'warning', 'empty_file']],
    check: (p) => expect(p.variables.entries).toEqual([]),
  },
  {
    file: '13-placeholder.txt',
    records: 1,
    problems: [],
    sample: [
      {
        line: 2,
        domain: 'placeholder.example.com',
        accountId: 'placeholder',
        relationship: 'DIRECT',
        certificationAuthorityId: 'placeholder',
      },
    ],
  },
  {
    file: '14-extensions.txt',
    // Six fields before any ';' is an error (usually two records glued together), so line 3 is dropped.
    records: 3,
    problems: [
      [3, 'error', 'glued_records'],
      [4, 'warning', 'trailing_comma'],
    ],
    sample: [
      { line: 1, certificationAuthorityId: 'f08c47fec0942fa0', extension: 'extension=value' },
      { line: 2, relationship: 'RESELLER', certificationAuthorityId: undefined, extension: 'ext1, ext2' },
      { line: 4, domain: 'pubmatic.com', certificationAuthorityId: undefined, extension: 'only-extension' },
    ],
  },
  {
    file: '15-uppercase-domains.txt',
    records: 3,
    problems: [],
    sample: [
      { line: 1, domain: 'google.com', certificationAuthorityId: 'F08C47FEC0942FA0' },
      { line: 2, domain: 'appnexus.com', relationship: 'RESELLER' },
      { line: 3, domain: 'openx.com', relationship: 'DIRECT' },
    ],
  },
  {
    file: '16-tabs-odd-whitespace.txt',
    records: 5,
    // NBSP (line 3) and a zero-width space (line 4) are matched leniently but warned about.
    problems: [
      [3, 'warning', 'unicode_space'],
      [4, 'warning', 'unicode_space'],
    ],
    sample: [
      { line: 1, domain: 'google.com', accountId: 'pub-1212121212121212', certificationAuthorityId: 'f08c47fec0942fa0' },
      { line: 2, domain: 'appnexus.com', accountId: '9009', relationship: 'RESELLER' },
      { line: 3, domain: 'openx.com', accountId: '539000000', relationship: 'DIRECT' },
      { line: 4, domain: 'pubmatic.com', accountId: '7000' },
      { line: 6, domain: 'sovrn.com', accountId: '8000', certificationAuthorityId: 'fafdf38b16bf6b2b' },
    ],
  },
  {
    file: '17-large-exchange.txt',
    records: 587,
    problems: [
      [601, 'warning', 'duplicate_line'],
      [602, 'warning', 'direct_reseller_conflict'],
      [603, 'error', 'malformed_record'],
      [604, 'error', 'bad_relationship'],
    ],
    sample: [
      { line: 5, domain: 'sovrn.com', accountId: '100007', relationship: 'RESELLER', certificationAuthorityId: 'fafdf38b16bf6b2b' },
      { line: 602, domain: 'appnexus.com', accountId: '100014', relationship: 'DIRECT' },
    ],
    check: (p) => {
      expect(p.variables.ownerDomain).toBe('bignews.com');
      expect(p.variables.managerDomain).toEqual(['bignews-network.com']);
    },
  },
  {
    file: '18-unknown-variables.txt',
    records: 1,
    problems: [
      [1, 'warning', 'unknown_variable'],
      [2, 'warning', 'empty_variable'],
      [3, 'error', 'invalid_domain'],
      [4, 'error', 'invalid_domain'],
    ],
    check: (p) => {
      expect(p.variables.contact).toEqual(['ops@example.com']);
      expect(p.variables.ownerDomain).toBeUndefined();
      expect(p.problems[0]?.reason).toContain('“FOO” is not an ads.txt variable');
    },
  },
  {
    file: '19-placeholder-with-records.txt',
    records: 2,
    problems: [[1, 'warning', 'placeholder_with_records']],
  },
  {
    file: '20-mixed-line-endings.txt',
    records: 3,
    problems: [],
    sample: [
      { line: 1, raw: 'google.com, pub-1515151515151515, DIRECT' },
      { line: 3, domain: 'appnexus.com' },
      { line: 5, domain: 'openx.com', raw: 'openx.com, 1616, DIRECT' },
    ],
  },
];

describe('parseAdsTxt on the corpus', () => {
  it.each(cases)('$file', (c) => {
    const parsed = parseAdsTxt(load(c.file));
    expect(parsed.records).toHaveLength(c.records);
    expect(parsed.problems.map((p): ProblemTriple => [p.line, p.severity, p.code])).toEqual(c.problems);
    for (const p of parsed.problems) expect(p.reason.length).toBeGreaterThan(20);
    for (const expected of c.sample ?? []) {
      const record = parsed.records.find((r) => r.line === expected.line);
      expect(record, `record on line ${expected.line}`).toBeDefined();
      for (const [key, value] of Object.entries(expected)) {
        expect(record?.[key as keyof AdsTxtRecord], `${key} on line ${expected.line}`).toBe(value);
      }
    }
    c.check?.(parsed);
  });
});
