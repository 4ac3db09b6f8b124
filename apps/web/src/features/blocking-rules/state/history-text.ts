export const HISTORY_LABEL: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  pause: 'Paused',
  resume: 'Resumed',
  delete: 'Deleted',
  expire: 'Expired',
};

/** The fields an edit may change, as a reader names them (the audit records them by their keys). */
const FIELD_TEXT: Record<string, string> = { name: 'name', siteIds: 'sites', expiresAt: 'expiry date' };

/**
 * One line saying what an audit entry changed (values added/removed, which fields changed).
 * `valueText` names a value (an IAB category by its name, not its code); by default the value.
 */
export function describeChanges(changes: Record<string, unknown> | null, valueText: (value: string) => string = (v) => v): string {
  if (!changes) return '';
  const values = changes.values as { added?: string[]; removed?: string[] } | string[] | undefined;
  const parts: string[] = [];
  if (Array.isArray(values)) parts.push(`values: ${values.slice(0, 5).map(valueText).join(', ')}${values.length > 5 ? '…' : ''}`);
  else if (values) {
    if (values.added?.length) parts.push(`added ${values.added.map(valueText).join(', ')}`);
    if (values.removed?.length) parts.push(`removed ${values.removed.map(valueText).join(', ')}`);
  }
  for (const [k, text] of Object.entries(FIELD_TEXT))
    if (changes[k] && typeof changes[k] === 'object' && !Array.isArray(changes[k])) parts.push(`${text} changed`);
  return parts.join('; ');
}
