import type { AdsTxtProblem, AdsTxtRecord, AdsTxtRelationship, ParsedAdsTxt } from './ads-txt-types';
import { PLACEHOLDER_DOMAIN } from './ads-txt-types';
import { parseVariableLine, emptyVariables, type VariableState } from './parse-variable';
import {
  accountIdSpaces,
  badRelationship,
  certificationIdText,
  directResellerConflict,
  duplicateLine,
  emptyField,
  emptyFile,
  gluedRecords,
  invalidDomain,
  malformedRecord,
  placeholderWithRecords,
  possibleDuplicate,
  trailingComma,
  unicodeSpace,
} from './problems';
import { SellerTable } from './seller-table';
import { isNameChar, isSpace, isValidDomainName, trimSlice } from './text-scan';

const HASH = 35;
const COMMA = 44;
const SEMICOLON = 59;
const EQUALS = 61;
const CR = 13;
const LF = 10;

/** Per-parse state shared by the line handlers. */
interface ParseState extends VariableState {
  records: AdsTxtRecord[];
  problems: AdsTxtProblem[];
  sellers: SellerTable;
  /**
   * Domain field as written -> id into domainNames, or -1 when invalid. Big files repeat a few
   * dozen exchange domains thousands of times, so each distinct spelling is lower-cased and
   * validated once, and every record shares the same string.
   */
  domainIdByWritten: Map<string, number>;
  domainIdByName: Map<string, number>;
  domainNames: string[];
  placeholderLine: number;
}

/**
 * Parses and validates an ads.txt (IAB ads.txt 1.1) file.
 *
 * Lenient on form (BOM, CRLF, tabs, odd Unicode spaces, trailing comments, any letter case) and
 * strict on meaning: lines that would be ignored or misread by buyers are reported with a reason.
 * Invalid records are reported and left out of `records`, so `records` is what a buyer would honour.
 */
export function parseAdsTxt(text: string): ParsedAdsTxt {
  const variables = emptyVariables();
  const state: ParseState = {
    records: [],
    problems: [],
    // Real record lines average 40-60 characters; overestimating only costs a little memory.
    sellers: new SellerTable(Math.min(text.length >> 5, 1 << 20)),
    domainIdByWritten: new Map(),
    domainIdByName: new Map(),
    domainNames: [],
    placeholderLine: 0,
    ownerDomainLine: 0,
  };
  const len = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 0;
  // CR, LF and CRLF all end a line (IAB ads.txt 1.1; old Mac files use a lone CR). The next CR and
  // LF positions are cached so a file with only one kind is still scanned once, not once per line.
  let nextLf = text.indexOf('\n', pos);
  let nextCr = text.indexOf('\r', pos);
  while (pos < len) {
    if (nextLf !== -1 && nextLf < pos) nextLf = text.indexOf('\n', pos);
    if (nextCr !== -1 && nextCr < pos) nextCr = text.indexOf('\r', pos);
    let lineEnd = nextLf === -1 ? len : nextLf;
    if (nextCr !== -1 && nextCr < lineEnd) lineEnd = nextCr;
    line++;
    parseLine(text, pos, lineEnd, line, state, variables);
    const crlf = lineEnd < len && text.charCodeAt(lineEnd) === CR && text.charCodeAt(lineEnd + 1) === LF;
    pos = lineEnd + (crlf ? 2 : 1);
  }
  const { records, problems } = state;
  if (records.length === 0) problems.push(emptyFile());
  else if (state.placeholderLine !== 0 && records.length > 1) problems.push(placeholderWithRecords(state.placeholderLine));
  // Problems are pushed in line order except the file-level ones above; a stable sort fixes that.
  problems.sort((a, b) => a.line - b.line);
  return { records, variables, problems };
}

/** Classifies one line in a single left-to-right scan (no regex, no split). */
function parseLine(
  text: string,
  lineStart: number,
  lineEnd: number,
  line: number,
  state: ParseState,
  variables: ParsedAdsTxt['variables'],
): void {
  let start = lineStart;
  let oddSpace = 0;
  while (start < lineEnd) {
    const code = text.charCodeAt(start);
    if (!isSpace(code)) break;
    if (code > 127 && oddSpace === 0) oddSpace = code;
    start++;
  }
  if (start === lineEnd || text.charCodeAt(start) === HASH) return;

  // Content ends at the first '#': the spec makes everything after it a comment.
  let end = start;
  let eqPos = -1;
  let semiPos = -1;
  let commaCount = 0;
  let firstComma = -1;
  for (; end < lineEnd; end++) {
    const code = text.charCodeAt(end);
    if (code === HASH) break;
    if (code === COMMA) {
      if (semiPos === -1) {
        if (firstComma === -1) firstComma = end;
        commaCount++;
      }
    } else if (code === EQUALS) {
      if (eqPos === -1) eqPos = end;
    } else if (code === SEMICOLON && semiPos === -1) {
      semiPos = end;
    } else if (code > 127 && oddSpace === 0 && isSpace(code)) {
      oddSpace = code;
    }
  }
  const raw = text.slice(lineStart, lineEnd);
  // Lenient crawlers treat NBSP and friends as spaces and so do we, but strict ones skip the line.
  if (oddSpace !== 0) state.problems.push(unicodeSpace(line, oddSpace));

  // `NAME=value`: an '=' before any comma, preceded only by a name. Records may contain '=' in an
  // account id, but then a comma comes first.
  if (eqPos !== -1 && (firstComma === -1 || eqPos < firstComma) && isVariableName(text, start, eqPos)) {
    parseVariableLine(text, start, eqPos, end, line, raw, variables, state.problems, state);
    return;
  }
  parseRecordLine(text, start, semiPos === -1 ? end : semiPos, semiPos === -1 ? -1 : end, commaCount + 1, line, raw, state);
}

function isVariableName(text: string, start: number, eqPos: number): boolean {
  let end = eqPos;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (end === start) return false;
  for (let i = start; i < end; i++) if (!isNameChar(text.charCodeAt(i))) return false;
  return true;
}

/**
 * Handles a data record: fields `start..fieldsEnd`, optional extension `fieldsEnd+1..extEnd`
 * (extEnd -1 when there is no ';').
 */
function parseRecordLine(
  text: string,
  start: number,
  fieldsEnd: number,
  extEnd: number,
  fieldCount: number,
  line: number,
  raw: string,
  state: ParseState,
): void {
  const { problems } = state;
  if (fieldCount < 3) {
    problems.push(malformedRecord(line, fieldCount));
    return;
  }
  // A trailing comma leaves an empty last field: accepted by most buyers, so a warning.
  const lastComma = text.lastIndexOf(',', fieldsEnd - 1);
  const trailing = fieldCount >= 4 && trimSlice(text, lastComma + 1, fieldsEnd) === '';
  // Where the fields end once a trailing comma is set aside (the extension still starts after fieldsEnd).
  const recordEnd = trailing ? lastComma : fieldsEnd;
  if (trailing) fieldCount--;
  if (fieldCount > 4) {
    const fields = text.slice(start, recordEnd).split(',');
    const glue = likelyGlueField(fields);
    problems.push(gluedRecords(line, fieldCount, glue + 1, (fields[glue] ?? '').trim()));
    return;
  }
  const c1 = text.indexOf(',', start);
  const c2 = text.indexOf(',', c1 + 1);
  // fieldCount is exact, so every indexOf below stops inside this line's field section.
  const c3 = fieldCount >= 4 ? text.indexOf(',', c2 + 1) : recordEnd;

  const domainText = trimSlice(text, start, c1);
  const domainId = domainIdOf(state, domainText);
  const domain = domainId === -1 ? '' : (state.domainNames[domainId] ?? '');
  const accountId = trimSlice(text, c1 + 1, c2);
  const relationship = matchRelationship(text, c2 + 1, c3);
  let cert = c3 < recordEnd ? trimSlice(text, c3 + 1, recordEnd) : '';

  const problemsBefore = problems.length;
  if (domainText === '') problems.push(emptyField(line, 'domain'));
  else if (domain === '') problems.push(invalidDomain(line, domainText.toLowerCase(), 'the advertising system'));
  if (accountId === '') problems.push(emptyField(line, 'account'));
  else if (hasSpace(accountId)) problems.push(accountIdSpaces(line, accountId));
  if (relationship === null) problems.push(badRelationship(line, trimSlice(text, c2 + 1, c3)));
  if (relationship === null || problems.length !== problemsBefore) return;
  if (trailing) problems.push(trailingComma(line));
  if (hasSpace(cert)) {
    // `abc123 (note)`: the ID is the first word; the rest would otherwise be stored as the ID.
    cert = cert.slice(0, firstSpace(cert));
    problems.push(certificationIdText(line, cert));
  }

  const record: AdsTxtRecord = { line, raw, domain, accountId, relationship };
  if (cert !== '') record.certificationAuthorityId = cert;
  if (extEnd !== -1) {
    const extension = trimSlice(text, fieldsEnd + 1, extEnd);
    if (extension !== '') record.extension = extension;
  }
  state.records.push(record);
  if (domain === PLACEHOLDER_DOMAIN && state.placeholderLine === 0) state.placeholderLine = line;
  checkSeller(state, record, domainId);
}

/**
 * Duplicate and DIRECT-vs-RESELLER checks, keyed on the seller (domain + exact account id). Account
 * ids that differ only in letter case are only a possible duplicate: some exchanges' ids are
 * case-sensitive, so telling the publisher to delete one could remove a real seller.
 */
function checkSeller(state: ParseState, record: AdsTxtRecord, domainId: number): void {
  const { same, other, caseVariant } = state.sellers.see(domainId, record.accountId, record.relationship === 'DIRECT', record.line);
  if (same !== 0) state.problems.push(duplicateLine(record.line, same));
  else if (caseVariant !== 0) state.problems.push(possibleDuplicate(record.line, caseVariant));
  else if (other !== 0) state.problems.push(directResellerConflict(record.line, other, record.relationship));
}

/**
 * For `a.com, 1, DIRECT, certb.com, 2, RESELLER` the second record starts in field 4: the first
 * field (from the fourth on) that is followed two fields later by DIRECT or RESELLER. Without such
 * a field the first field past the fourth is named.
 */
function likelyGlueField(fields: string[]): number {
  for (let i = 3; i + 2 < fields.length; i++) if (toRelationship(fields[i + 2] ?? '') !== null) return i;
  return 4;
}

function hasSpace(value: string): boolean {
  return firstSpace(value) !== value.length;
}

function firstSpace(value: string): number {
  for (let i = 0; i < value.length; i++) if (isSpace(value.charCodeAt(i))) return i;
  return value.length;
}

function domainIdOf(state: ParseState, written: string): number {
  let id = state.domainIdByWritten.get(written);
  if (id === undefined) {
    const lower = written.toLowerCase();
    id = -1;
    if (isValidDomainName(lower)) {
      id = state.domainIdByName.get(lower) ?? state.domainNames.length;
      if (id === state.domainNames.length) {
        state.domainNames.push(lower);
        state.domainIdByName.set(lower, id);
      }
    }
    state.domainIdByWritten.set(written, id);
  }
  return id;
}

/** DIRECT / RESELLER in any letter case, compared in place (no substring, no upper-casing). */
function matchRelationship(text: string, start: number, end: number): AdsTxtRelationship | null {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  const len = end - start;
  const word = len === 6 ? 'DIRECT' : len === 8 ? 'RESELLER' : null;
  if (word === null) return null;
  for (let i = 0; i < len; i++) {
    // Clearing bit 0x20 upper-cases ASCII letters; the target words contain letters only.
    if ((text.charCodeAt(start + i) & 0xffdf) !== word.charCodeAt(i)) return null;
  }
  return word;
}

/** DIRECT / RESELLER in any letter case; null for anything else. */
export function toRelationship(value: string): AdsTxtRelationship | null {
  return matchRelationship(value, 0, value.length);
}
