import type { BlockingRule } from '@pc/contracts';

export interface RuleFilter {
  /** Matched case-insensitively against the name and every value. */
  q: string;
  type: string | null;
  status: string | null;
}

/** The rules the list shows for a search and the type/status filters; a value matches by its code or its name (`valueText`). */
export function filterRules(
  rules: readonly BlockingRule[],
  f: RuleFilter,
  valueText: (value: string, rule: BlockingRule) => string = (v) => v,
): BlockingRule[] {
  const needle = f.q.trim().toLowerCase();
  return rules.filter(
    (r) =>
      (!f.type || r.type === f.type) &&
      (!f.status || r.status === f.status) &&
      (!needle ||
        r.name.toLowerCase().includes(needle) ||
        r.values.some((v) => v.toLowerCase().includes(needle) || valueText(v, r).toLowerCase().includes(needle))),
  );
}

/**
 * The first three values and how many more, as the list column shows them; `valueText` names a
 * value (an IAB category by its name, not its code).
 */
export function valuesPreview(values: readonly string[], valueText: (value: string) => string = (v) => v): string {
  return values.slice(0, 3).map(valueText).join(', ') + (values.length > 3 ? ` +${values.length - 3} more` : '');
}

/** A rule's status as the list and the rule's page say it. */
export const STATUS_LABELS: Record<BlockingRule['status'], string> = { active: 'Active', paused: 'Paused', expired: 'Expired' };
