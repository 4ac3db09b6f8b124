import useSWR from 'swr';
import type { AdsTxtDetail, AdsTxtDiff, AdsTxtItem, AdsTxtRevision, AdsTxtSaved, AppDomainClaim, AppDomainClaimCheck } from '@pc/contracts';

export type { AdsTxtSaved };
import { api, apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';

const base = 'adstxt/domains';
const domainPath = (domainId: string) => `${base}/${encodeURIComponent(domainId)}`;

/** Keys carry the publisher so a partner switch re-scopes every ads.txt resource. */
export const adsTxtKeys = {
  domains: (publisherId: string): ApiKey => [base, publisherId],
  detail: (publisherId: string, domainId: string): ApiKey => [domainPath(domainId), publisherId],
  revisions: (publisherId: string, domainId: string): ApiKey => [`${domainPath(domainId)}/revisions`, publisherId],
  diff: (publisherId: string, domainId: string, from: number, to: number): ApiKey => [
    `${domainPath(domainId)}/diff`,
    publisherId,
    { from, to },
  ],
};

export function useAdsTxtDomains(publisherId: string | null) {
  return useSWR<AdsTxtItem[], Error, ApiKey | null>(publisherId ? adsTxtKeys.domains(publisherId) : null, apiFetcher, swrOptions);
}

export function useAdsTxtDetail(publisherId: string | null, domainId: string | null) {
  const key = publisherId && domainId ? adsTxtKeys.detail(publisherId, domainId) : null;
  return useSWR<AdsTxtDetail, Error, ApiKey | null>(key, apiFetcher, swrOptions);
}

export function useAdsTxtRevisions(publisherId: string | null, domainId: string | null, enabled = true) {
  const key = enabled && publisherId && domainId ? adsTxtKeys.revisions(publisherId, domainId) : null;
  return useSWR<AdsTxtRevision[], Error, ApiKey | null>(key, apiFetcher, swrOptions);
}

export function useAdsTxtDiff(publisherId: string | null, domainId: string | null, from: number | null, to: number | null) {
  const key = publisherId && domainId && from && to ? adsTxtKeys.diff(publisherId, domainId, from, to) : null;
  return useSWR<AdsTxtDiff, Error, ApiKey | null>(key, apiFetcher, swrOptions);
}

export const verifyDomain = (publisherId: string, domainId: string) =>
  api<AdsTxtDetail>(`${domainPath(domainId)}/verify`, { method: 'POST', publisherId });

export const activateHosting = (publisherId: string, domainId: string) =>
  api<AdsTxtDetail>(`${domainPath(domainId)}/hosting`, { method: 'POST', publisherId });

export const saveRevision = (publisherId: string, domainId: string, content: string) =>
  api<AdsTxtSaved>(`${domainPath(domainId)}/revisions`, { method: 'POST', publisherId, body: { content } });

export const fetchMissingLines = (publisherId: string, domainId: string) =>
  api<string>(`${domainPath(domainId)}/missing-lines`, { publisherId, responseType: 'text' });

export const restoreRevision = (publisherId: string, domainId: string, revisionId: number) =>
  api<AdsTxtSaved>(`${domainPath(domainId)}/revisions/${revisionId}/restore`, { method: 'POST', publisherId });

/** Every missing line of every domain of the publisher, one file. */
export const fetchAllMissingLines = (publisherId: string) => api<string>('adstxt/missing-lines', { publisherId, responseType: 'text' });

export const addAppDomain = (publisherId: string, domain: string) =>
  api<{ domain_id: string; claimStatus: 'active' | 'pending' }>('adstxt/app-domains', { method: 'POST', publisherId, body: { domain } });

/** App developer domains claimed but not active yet: each waits for its token to be found, or staff. */
export const appDomainClaimsKey = (publisherId: string): ApiKey => ['adstxt/app-domains/claims', publisherId];
export function useAppDomainClaims(publisherId: string) {
  return useSWR<AppDomainClaim[], Error, ApiKey>(appDomainClaimsKey(publisherId), apiFetcher, swrOptions);
}
export const verifyAppDomainClaim = (publisherId: string, domainId: string) =>
  api<AppDomainClaimCheck>(`adstxt/app-domains/${encodeURIComponent(domainId)}/verify`, { method: 'POST', publisherId });
export const removeAppDomain = (publisherId: string, domainId: string) =>
  api<{ ok: true }>(`adstxt/app-domains/${encodeURIComponent(domainId)}`, { method: 'DELETE', publisherId });

export const fetchRevisionContent = (publisherId: string, domainId: string, revisionId: number) =>
  api<string>(`${domainPath(domainId)}/revisions/${revisionId}`, { publisherId, responseType: 'text' });
