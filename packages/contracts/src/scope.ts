import { z } from 'zod';

/** The `scope` claim carried by every ID token (docs/product.md#entities). */
export const ScopeClaimSchema = z.object({
  PublisherID: z.string(),
  AdminAccess: z.boolean().default(false),
});
export type ScopeClaim = z.infer<typeof ScopeClaimSchema>;

export type UserScope =
  | { type: 'internal'; adminAccess: boolean }
  | { type: 'external_single'; publisherId: string }
  | { type: 'external_multiple'; publishers: string[] };

/**
 * ALL -> internal; one id -> external_single; comma list -> external_multiple;
 * empty/absent -> null (not signed in).
 */
export function parseScope(claim: unknown): UserScope | null {
  const parsed = ScopeClaimSchema.safeParse(claim);
  if (!parsed.success) return null;
  const raw = parsed.data.PublisherID.trim();
  if (raw === '') return null;
  if (raw === 'ALL') return { type: 'internal', adminAccess: parsed.data.AdminAccess };
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) return null;
  if (ids.length === 1) return { type: 'external_single', publisherId: ids[0]! };
  return { type: 'external_multiple', publishers: ids };
}

export function scopeAllows(scope: UserScope, publisherId: string): boolean {
  switch (scope.type) {
    case 'internal':
      return true;
    case 'external_single':
      return scope.publisherId === publisherId;
    case 'external_multiple':
      return scope.publishers.includes(publisherId);
  }
}

/** The tracking form of a scope (docs/product.md#entities), as /api/mp's event carries it. */
export interface TrackingScope {
  type: 'internal' | 'external_single' | 'other';
  adminAccess: boolean;
  mediaOwnerId: string | null;
  mediaOwners: string[];
}

/** The tracking form of a scope (docs/product.md#entities). */
export function trackingScope(scope: UserScope): TrackingScope {
  return {
    type: scope.type === 'internal' ? 'internal' : scope.type === 'external_single' ? 'external_single' : 'other',
    adminAccess: scope.type === 'internal' ? scope.adminAccess : false,
    mediaOwnerId: scope.type === 'external_single' ? scope.publisherId : null,
    mediaOwners: scope.type === 'external_multiple' ? scope.publishers : [],
  };
}
