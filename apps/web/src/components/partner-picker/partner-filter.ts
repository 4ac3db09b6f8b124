import type { Partner } from '@pc/contracts';

/**
 * docs/product.md#validation: the typed text is matched case-insensitively against partner name or id, as a
 * pattern; an invalid pattern matches nothing (rather than throwing or matching everything).
 */
export function filterPartners(partners: readonly Partner[], query: string): Partner[] {
  const q = query.trim();
  if (q === '') return [...partners];
  let pattern: RegExp;
  try {
    pattern = new RegExp(q, 'i');
  } catch {
    return [];
  }
  return partners.filter((p) => pattern.test(p.name) || pattern.test(p.publisherId));
}
