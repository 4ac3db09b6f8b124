import type { BlockingRule } from '@pc/contracts';

export interface RuleFilter {
  /** Matched case-insensitively against the name and every value. */
  q: string;
  type: string | null;
  status: string | null;
}

/** The rules the list shows for a search and the type/status filters. */
export function filterRules(rules: readonly BlockingRule[], f: RuleFilter): BlockingRule[] {
  const needle = f.q.trim().toLowerCase();
  return rules.filter(
    (r) =>
      (!f.type || r.type === f.type) &&
      (!f.status || r.status === f.status) &&
      (!needle || r.name.toLowerCase().includes(needle) || r.values.some((v) => v.toLowerCase().includes(needle))),
  );
}

/** The first three values and how many more, as the list column shows them. */
export function valuesPreview(values: readonly string[]): string {
  return values.slice(0, 3).join(', ') + (values.length > 3 ? ` +${values.length - 3} more` : '');
}
