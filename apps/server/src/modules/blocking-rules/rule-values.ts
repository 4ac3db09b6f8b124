import { domainToASCII } from 'node:url';
import type { BlockingRuleType } from '@pc/contracts';
import { iabCategory } from './iab-taxonomy';

export interface NormalisedValues {
  values: string[];
  /** For each value, its index in the list given (fields name `values.<index>`). */
  indexes: number[];
  /** fields map entries (`values.3` -> message) for values that cannot be used. */
  errors: Record<string, string>;
  /** Values dropped as duplicates of an earlier one (said back to the user). */
  duplicates: string[];
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain as the ad server compares it: lower case, no scheme, credentials, port, path, query or
 * trailing dot, IDN labels in punycode (WHATWG domainToASCII). Null when it is not a domain.
 */
export function normaliseDomain(raw: string): string | null {
  let v = raw.trim().toLowerCase();
  v = v.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  v = v.replace(/^[^@/]*@/, '');
  v = v.split(/[/?#]/)[0]!;
  v = v.replace(/:\d+$/, '').replace(/\.$/, '');
  if (v.startsWith('*.')) v = v.slice(2);
  const ascii = domainToASCII(v);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^\d+$/.test(labels[labels.length - 1]!)) return null;
  return ascii;
}

/** Validates and normalises a rule's values for its type; order kept, duplicates dropped. */
export function normaliseValues(type: BlockingRuleType, raw: readonly string[]): NormalisedValues {
  const values: string[] = [];
  const indexes: number[] = [];
  const seen = new Set<string>();
  const errors: Record<string, string> = {};
  const duplicates: string[] = [];
  raw.forEach((input, i) => {
    const trimmed = input.trim().replace(/\s+/g, ' ');
    if (trimmed === '') return;
    let value: string | null = trimmed;
    if (type === 'advertiser_domain') {
      value = normaliseDomain(trimmed);
      if (!value) errors[`values.${i}`] = `"${trimmed}" is not a domain (e.g. advertiser.com).`;
    } else if (type === 'iab_category') {
      const id = trimmed.split(/\s/)[0]!;
      value = iabCategory(id) ? id : null;
      if (!value) errors[`values.${i}`] = `"${trimmed}" is not an IAB Content Taxonomy 3.1 category id.`;
    } else if (trimmed.length > 200) {
      value = null;
      errors[`values.${i}`] = 'Use at most 200 characters per value.';
    }
    if (value === null) return;
    const key = value.toLowerCase();
    if (seen.has(key)) {
      duplicates.push(value);
      return;
    }
    seen.add(key);
    values.push(value);
    indexes.push(i);
  });
  return { values, indexes, errors, duplicates };
}
