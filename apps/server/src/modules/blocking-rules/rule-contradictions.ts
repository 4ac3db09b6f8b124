import type { BlockingRuleType } from '@pc/contracts';
import { iabAncestors, iabCategory } from './iab-taxonomy';

export interface ContradictionInput {
  type: BlockingRuleType;
  /** Normalised values and, for each, its index in the request's list (so a field names it). */
  values: readonly string[];
  indexes: readonly number[];
  /** null: all sites. */
  siteIds: readonly string[] | null;
  sites: readonly { id: string; active: boolean }[];
}

const label = (id: string) => `${iabCategory(id)?.name ?? id} (${id})`;

/**
 * A rule that contradicts itself or can never match, as a `fields` map (400): a value already
 * covered by another value of the same rule (a subdomain of a listed domain, a category inside a
 * listed category), a keyword without a letter or digit, or a scope of sites none of which is
 * active (the serving feed carries active sites only). Exact repeats are not here: values are
 * de-duplicated on normalising, as the spec asks, and said back as notices.
 */
export function ruleContradictions(input: ContradictionInput): Record<string, string> {
  const fields: Record<string, string> = {};
  const at = (k: number) => `values.${input.indexes[k] ?? k}`;
  const listed = new Set(input.values);
  input.values.forEach((v, k) => {
    if (input.type === 'advertiser_domain') {
      const parent = input.values.find((w) => w !== v && v.endsWith(`.${w}`));
      if (parent)
        fields[at(k)] = `"${v}" is already blocked by "${parent}" in this rule (a domain covers its subdomains); remove one of them.`;
    } else if (input.type === 'iab_category') {
      const ancestor = iabAncestors(v).find((a) => listed.has(a));
      if (ancestor) fields[at(k)] = `${label(v)} is inside ${label(ancestor)}, which this rule already blocks; remove one of them.`;
    } else if (input.type === 'keyword' && !/[\p{L}\p{N}]/u.test(v)) {
      fields[at(k)] = `"${v}" has no letter or digit, so it can never match a word on a page.`;
    }
  });
  if (input.siteIds && input.siteIds.length > 0) {
    const active = new Set(input.sites.filter((s) => s.active).map((s) => s.id));
    const known = input.siteIds.filter((id) => input.sites.some((s) => s.id === id));
    if (known.length === input.siteIds.length && !known.some((id) => active.has(id)))
      fields.siteIds = `None of the chosen sites is active, so the rule would never be served. Choose an active site, or all sites.`;
  }
  return fields;
}
