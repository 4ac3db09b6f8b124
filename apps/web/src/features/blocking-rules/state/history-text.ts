export const HISTORY_LABEL: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  pause: 'Paused',
  resume: 'Resumed',
  delete: 'Deleted',
  expire: 'Expired',
};

/** One line saying what an audit entry changed (values added/removed, which fields changed). */
export function describeChanges(changes: Record<string, unknown> | null): string {
  if (!changes) return '';
  const values = changes.values as { added?: string[]; removed?: string[] } | string[] | undefined;
  const parts: string[] = [];
  if (Array.isArray(values)) parts.push(`values: ${values.slice(0, 5).join(', ')}${values.length > 5 ? '…' : ''}`);
  else if (values) {
    if (values.added?.length) parts.push(`added ${values.added.join(', ')}`);
    if (values.removed?.length) parts.push(`removed ${values.removed.join(', ')}`);
  }
  for (const k of ['name', 'siteIds', 'expiresAt'])
    if (changes[k] && typeof changes[k] === 'object' && !Array.isArray(changes[k])) parts.push(`${k} changed`);
  return parts.join('; ');
}
