import { HttpError, badRequest } from '../../lib/http-error';

export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, 'Conflict', fields);

/**
 * The spec's "allowed admin email": comma-separated full addresses or domains (`@provider.example`
 * or `provider.example`). Unset means nobody can be given admin access from the console.
 */
export function adminEmailAllowed(email: string, setting: string | null): boolean {
  if (!setting) return false;
  const e = email.trim().toLowerCase();
  return setting
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .some((rule) => (rule.includes('@') && !rule.startsWith('@') ? e === rule : e.endsWith(`@${rule.replace(/^@/, '')}`)));
}

/** The scope claim's PublisherID for a list: 'ALL' for staff, otherwise sorted unique ids. */
export function scopeString(publisherIds: readonly string[]): string {
  if (publisherIds.includes('ALL')) return 'ALL';
  return [...new Set(publisherIds)].sort().join(',');
}

export const scopeIds = (scope: string): string[] => (scope === 'ALL' ? ['ALL'] : scope.split(',').filter(Boolean));

/**
 * Checks a scope the console is about to give: 'ALL' alone, every partner real, admin access
 * only for staff whose address the configuration allows. Field names match the forms.
 */
export function checkScope(a: {
  email: string;
  publisherIds: readonly string[];
  adminAccess: boolean;
  existing: Set<string>;
  allowedAdminEmail: string | null;
  /** False when admin access was already held: only a new grant checks the address. */
  newGrant?: boolean;
}): void {
  const all = a.publisherIds.includes('ALL');
  if (all && a.publisherIds.length > 1)
    throw badRequest('Provider staff (ALL) cannot also be limited to partners.', { publisherIds: 'Use ALL alone or a list of partners.' });
  const unknown = a.publisherIds.filter((id) => id !== 'ALL' && !a.existing.has(id));
  if (unknown.length > 0)
    throw badRequest(`No such partner: ${unknown.join(', ')}.`, { publisherIds: `No such partner: ${unknown.join(', ')}.` });
  if (a.adminAccess && !all)
    throw badRequest('Admin access is for provider staff only (partners: ALL).', { adminAccess: 'Admin access needs partners ALL.' });
  if (a.adminAccess && a.newGrant !== false && !adminEmailAllowed(a.email, a.allowedAdminEmail))
    throw badRequest('Admin access can only be given to the allowed admin e-mail address or domain (ALLOWED_ADMIN_EMAIL).', {
      adminAccess: 'This e-mail address is not allowed admin access.',
    });
}
