import { domainClaimStaffEndpoints as endpoints } from '@pc/contracts';
import { call, useEndpoint } from '../../../lib/endpoints';

/** App developer domain claims for staff: not publisher-scoped, so the key carries no publisher. */
export const useDomainClaims = (status: 'pending' | 'rejected') => useEndpoint(endpoints.list, null, { query: { status } });

export const decideDomainClaim = (claimId: string, decision: 'approve' | 'reject', reason: string) =>
  call(endpoints[decision], { params: { claimId }, body: { reason } }, { publisherId: null });
