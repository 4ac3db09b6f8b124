import useSWR from 'swr';
import type { StaffDomainClaim } from '@pc/contracts';
import { api, apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';

/** App developer domain claims for staff: not publisher-scoped, so the key carries no publisher. */
export const domainClaimsKey = (status: 'pending' | 'rejected'): ApiKey => ['admin/domain-claims', null, { status }];

export const useDomainClaims = (status: 'pending' | 'rejected') =>
  useSWR<StaffDomainClaim[], Error, ApiKey>(domainClaimsKey(status), apiFetcher, swrOptions);

export const decideDomainClaim = (claimId: string, decision: 'approve' | 'reject', reason: string) =>
  api<{ ok: true }>(`admin/domain-claims/${encodeURIComponent(claimId)}/${decision}`, {
    method: 'POST',
    publisherId: null,
    body: { reason },
  });
