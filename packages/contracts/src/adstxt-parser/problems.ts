import type { AdsTxtProblem } from './ads-txt-types';
import { PLACEHOLDER_RECORD_LINE } from './ads-txt-types';
import { quote } from './text-scan';

/**
 * Problem factories: one place for the wording, so the editor, the crawler report and the tests
 * all agree. Reasons are written for a publisher, not a parser author.
 */

export const malformedRecord = (line: number, fieldCount: number): AdsTxtProblem => ({
  line,
  severity: 'error',
  code: 'malformed_record',
  reason:
    `This line has ${fieldCount} field${fieldCount === 1 ? '' : 's'}; a record needs at least three, separated by commas: ` +
    'the advertising system domain, your seller account ID, and DIRECT or RESELLER.',
});

export const emptyField = (line: number, which: 'domain' | 'account'): AdsTxtProblem => ({
  line,
  severity: 'error',
  code: 'malformed_record',
  reason:
    which === 'domain'
      ? 'The first field (advertising system domain) is empty.'
      : 'The second field (your seller account ID at that advertising system) is empty.',
});

export const badRelationship = (line: number, value: string): AdsTxtProblem => ({
  line,
  severity: 'error',
  code: 'bad_relationship',
  reason:
    `${quote(value)} is not a valid relationship. The third field must be DIRECT (you control the account) ` +
    'or RESELLER (a third party sells on your behalf).',
});

export const invalidDomain = (line: number, value: string, what: string): AdsTxtProblem => ({
  line,
  severity: 'error',
  code: 'invalid_domain',
  reason: `${quote(value)} is not a valid domain name for ${what}. Use a plain host name such as example.com (no http://, paths or spaces).`,
});

export const extraFields = (line: number, fieldCount: number): AdsTxtProblem => ({
  line,
  severity: 'warning',
  code: 'extra_fields',
  reason: `This record has ${fieldCount} comma-separated fields; only four are defined, so the rest are ignored. Put extension data after a semicolon (;).`,
});

export const duplicateLine = (line: number, firstLine: number): AdsTxtProblem => ({
  line,
  severity: 'warning',
  code: 'duplicate_line',
  reason: `This seller is already listed with the same relationship on line ${firstLine}; the repeat can be removed.`,
});

export const directResellerConflict = (line: number, otherLine: number, relationship: string): AdsTxtProblem => ({
  line,
  severity: 'warning',
  code: 'direct_reseller_conflict',
  reason:
    `This seller account is listed as ${relationship} here but as ${relationship === 'DIRECT' ? 'RESELLER' : 'DIRECT'} on line ${otherLine}. ` +
    'One account is normally either yours (DIRECT) or a reseller’s; check with the advertising system which one is right.',
});

export const emptyFile = (): AdsTxtProblem => ({
  line: 0,
  severity: 'warning',
  code: 'empty_file',
  reason:
    'This file has no valid seller records, so buyers treat it as if there were no ads.txt at all (anyone may sell). ' +
    `To authorize nobody, the correct file is the single placeholder line: ${PLACEHOLDER_RECORD_LINE}`,
});

export const placeholderWithRecords = (line: number): AdsTxtProblem => ({
  line,
  severity: 'warning',
  code: 'placeholder_with_records',
  reason: 'The placeholder line means “no seller is authorized”, but this file also lists sellers. Remove the placeholder line.',
});

export const unknownVariable = (line: number, name: string): AdsTxtProblem => ({
  line,
  severity: 'warning',
  code: 'unknown_variable',
  reason:
    `${quote(name)} is not an ads.txt variable, so buyers ignore this line. ` +
    'Known variables are CONTACT, SUBDOMAIN, INVENTORYPARTNERDOMAIN, OWNERDOMAIN and MANAGERDOMAIN.',
});

export const emptyVariable = (line: number, name: string): AdsTxtProblem => ({
  line,
  severity: 'warning',
  code: 'empty_variable',
  reason: `${name} has no value after the equals sign, so it has no effect.`,
});

export const duplicateOwnerDomain = (line: number, firstLine: number, firstValue: string): AdsTxtProblem => ({
  line,
  severity: 'warning',
  code: 'duplicate_ownerdomain',
  reason: `OWNERDOMAIN is already declared on line ${firstLine} (${firstValue}); only the first declaration counts, so this one is ignored.`,
});
