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

export const gluedRecords = (line: number, fieldCount: number, glueField: number, glueText: string): AdsTxtProblem => ({
  line,
  severity: 'error',
  code: 'glued_records',
  reason:
    `This line has ${fieldCount} comma-separated fields before any “;”, and a record has at most four. ` +
    `Usually two records were joined when a line break was lost: the second one probably starts in field ${glueField} ` +
    `(${quote(glueText)}). Buyers drop the whole line, so put each record on its own line.`,
});

export const trailingComma = (line: number): AdsTxtProblem => ({
  line,
  severity: 'warning',
  code: 'trailing_comma',
  reason:
    'This record has a comma with nothing after it (an empty last field). Most buyers accept it, but strict crawlers skip the line: ' +
    'remove the trailing comma.',
});

export const accountIdSpaces = (line: number, value: string): AdsTxtProblem => ({
  line,
  severity: 'error',
  code: 'account_id_spaces',
  reason:
    `The seller account ID ${quote(value)} contains spaces, and real account IDs never do: this looks like a template line that ` +
    'was not filled in. Replace it with your account ID from that advertising system, or remove the line.',
});

export const certificationIdText = (line: number, kept: string): AdsTxtProblem => ({
  line,
  severity: 'warning',
  code: 'certification_id_text',
  reason:
    `The certification authority ID is followed by other text; only ${quote(kept)} is the ID, and some crawlers reject the line. ` +
    'Move notes into a comment after “#”.',
});

export const unicodeSpace = (line: number, codePoint: number): AdsTxtProblem => ({
  line,
  severity: 'warning',
  code: 'unicode_space',
  reason:
    `This line contains a non-standard space (U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}, often pasted from a web page or ` +
    'word processor). Some buyers’ crawlers do not treat it as a space and skip the line: retype it as a normal space.',
});

export const duplicateLine = (line: number, firstLine: number): AdsTxtProblem => ({
  line,
  severity: 'warning',
  code: 'duplicate_line',
  reason: `This seller is already listed with the same relationship on line ${firstLine}; the repeat can be removed.`,
});

export const possibleDuplicate = (line: number, otherLine: number): AdsTxtProblem => ({
  line,
  severity: 'warning',
  code: 'possible_duplicate',
  reason:
    `Possible duplicate: line ${otherLine} lists the same seller account ID with different letter case. Some advertising systems ` +
    'treat account IDs as case-sensitive, so check which spelling is right before removing either line.',
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
