import {
  adsTxtBulkEndpoints as bulk,
  adsTxtEndpoints as endpoints,
  appDomainClaimEndpoints as claims,
  appDomainEndpoints as appDomains,
  type AdsTxtSaved,
} from '@pc/contracts';
import type { ApiKey } from '../../../lib/api';
import { call, endpointKey, useEndpoint } from '../../../lib/endpoints';

export type { AdsTxtSaved };

/** Keys carry the publisher so a partner switch re-scopes every ads.txt resource. */
export const adsTxtKeys = {
  domains: (publisherId: string): ApiKey => endpointKey(endpoints.listDomains, publisherId, {}),
  detail: (publisherId: string, domainId: string): ApiKey => endpointKey(endpoints.getDomain, publisherId, { params: { domainId } }),
  revisions: (publisherId: string, domainId: string): ApiKey => endpointKey(endpoints.listRevisions, publisherId, { params: { domainId } }),
};

export const useAdsTxtDomains = (publisherId: string | null) => useEndpoint(endpoints.listDomains, publisherId, publisherId ? {} : null);

export const useAdsTxtDetail = (publisherId: string | null, domainId: string | null) =>
  useEndpoint(endpoints.getDomain, publisherId, publisherId && domainId ? { params: { domainId } } : null);

export const useAdsTxtRevisions = (publisherId: string | null, domainId: string | null, enabled = true) =>
  useEndpoint(endpoints.listRevisions, publisherId, enabled && publisherId && domainId ? { params: { domainId } } : null);

export const useAdsTxtDiff = (publisherId: string | null, domainId: string | null, from: number | null, to: number | null) =>
  useEndpoint(endpoints.diff, publisherId, publisherId && domainId && from && to ? { params: { domainId }, query: { from, to } } : null);

export const verifyDomain = (publisherId: string, domainId: string) => call(endpoints.verify, { params: { domainId } }, { publisherId });

export const activateHosting = (publisherId: string, domainId: string) =>
  call(endpoints.activateHosting, { params: { domainId } }, { publisherId });

export const saveRevision = (publisherId: string, domainId: string, content: string) =>
  call(endpoints.saveRevision, { params: { domainId }, body: { content } }, { publisherId });

export const fetchMissingLines = (publisherId: string, domainId: string) =>
  call(endpoints.missingLines, { params: { domainId } }, { publisherId });

export const restoreRevision = (publisherId: string, domainId: string, revisionId: number) =>
  call(bulk.restore, { params: { domainId, revisionId } }, { publisherId });

/** Every missing line of every domain of the publisher, one file. */
export const fetchAllMissingLines = (publisherId: string) => call(bulk.allMissingLines, {}, { publisherId });

export const addAppDomain = (publisherId: string, domain: string) => call(appDomains.add, { body: { domain } }, { publisherId });

/** App developer domains claimed but not active yet: each waits for its token to be found, or staff. */
export const appDomainClaimsKey = (publisherId: string): ApiKey => endpointKey(claims.list, publisherId, {});
export const useAppDomainClaims = (publisherId: string) => useEndpoint(claims.list, publisherId, {});
export const verifyAppDomainClaim = (publisherId: string, domainId: string) =>
  call(claims.verify, { params: { domainId } }, { publisherId });
export const removeAppDomain = (publisherId: string, domainId: string) =>
  call(appDomains.remove, { params: { domainId } }, { publisherId });

export const fetchRevisionContent = (publisherId: string, domainId: string, revisionId: number) =>
  call(endpoints.getRevision, { params: { domainId, revisionId } }, { publisherId });
