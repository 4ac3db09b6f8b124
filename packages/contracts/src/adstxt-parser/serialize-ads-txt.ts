import type { AdsTxtRecord } from './ads-txt-types';
import { parseAdsTxt } from './parse-ads-txt';

type RecordFields = Pick<AdsTxtRecord, 'domain' | 'accountId' | 'relationship' | 'certificationAuthorityId' | 'extension'>;

/**
 * The canonical text of a record: lower-case domain, upper-case relationship, `, ` separators,
 * no comment. Two lines that mean the same thing serialize identically, which is what diffs,
 * "copy missing lines" and duplicate checks need.
 */
export function serializeRecord(record: RecordFields, options: { includeExtension?: boolean } = {}): string {
  let out = `${record.domain.toLowerCase()}, ${record.accountId}, ${record.relationship}`;
  if (record.certificationAuthorityId) out += `, ${record.certificationAuthorityId}`;
  if ((options.includeExtension ?? true) && record.extension) out += `;${record.extension}`;
  return out;
}

/**
 * The identity used when deciding whether a required line is present: domain, account id and
 * relationship, case-insensitively. The certification authority id and extensions do not change
 * who is authorized, so they are left out.
 */
export function recordMatchKey(record: Pick<AdsTxtRecord, 'domain' | 'accountId' | 'relationship'>): string {
  return `${record.domain.toLowerCase()}, ${record.accountId.toLowerCase()}, ${record.relationship.toUpperCase()}`;
}

/**
 * Canonical form of one ads.txt line: a record via serializeRecord, a variable as `NAME=value`.
 * Returns null for comments, blank lines and lines with errors.
 */
export function normalizeAdsTxtLine(line: string): string | null {
  const parsed = parseAdsTxt(line);
  const record = parsed.records[0];
  if (record) return serializeRecord(record);
  const variable = parsed.variables.entries[0];
  return variable ? `${variable.name}=${variable.value}` : null;
}
