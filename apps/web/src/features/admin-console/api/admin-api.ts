import useSWR from 'swr';
import type { FlagDefinition, FlagOverride } from '@pc/contracts';
import {
  adminPartnersEndpoints,
  adminUsersEndpoints,
  invitationsEndpoints,
  outboxEndpoints,
  plansEndpoints,
  servicesEndpoints,
  type InvitationStatus,
} from '@pc/contracts';
import { apiFetcher, type ApiKey } from '../../../lib/api';
import { useEndpoint } from '../../../lib/endpoints';
import { swrOptions } from '../../../lib/swr-options';

/** Admin resources are not publisher-scoped: their keys carry no publisher. */
export const adminKeys = {
  flags: ['admin/feature-flags', null] as ApiKey,
  overrides: (key: string): ApiKey => [`admin/feature-flags/${encodeURIComponent(key)}/overrides`, null],
};

export const useUsersAdmin = (search: string, publisherId: string) =>
  useEndpoint(adminUsersEndpoints.list, null, { query: { ...(search ? { search } : {}), ...(publisherId ? { publisherId } : {}) } });
export const useInvitations = (status: InvitationStatus | '') =>
  useEndpoint(invitationsEndpoints.list, null, { query: status ? { status } : {} });

export const usePartnersAdmin = (search: string) => useEndpoint(adminPartnersEndpoints.list, null, { query: search ? { search } : {} });
export const usePartnerAdmin = (id: string | null) => useEndpoint(adminPartnersEndpoints.get, null, id ? { params: { id } } : null);
export const useFlagDefinitions = () => useSWR<FlagDefinition[], Error, ApiKey>(adminKeys.flags, apiFetcher, swrOptions);
export const useFlagOverrides = (key: string | null) =>
  useSWR<FlagOverride[], Error, ApiKey | null>(key ? adminKeys.overrides(key) : null, apiFetcher, swrOptions);

export const useOutbox = () => useEndpoint(outboxEndpoints.list, null, { query: {} });

/** Staff queues: plan changes and product-demo / data-source requests to decide. */
export const usePlanRequests = (pendingOnly: boolean) =>
  useEndpoint(plansEndpoints.staffRequests, null, { query: pendingOnly ? { status: 'pending' } : {} });
export const useServiceRequests = (pendingOnly: boolean) =>
  useEndpoint(servicesEndpoints.staffRequests, null, { query: pendingOnly ? { status: 'pending' } : {} });
