import useSWR from 'swr';
import type {
  AdminPartner,
  AdminPartnerDetails,
  FlagDefinition,
  FlagOverride,
  Invitation,
  PlanChangeRequest,
  RegisteredUser,
} from '@pc/contracts';
import { servicesEndpoints } from '@pc/contracts';
import { apiFetcher, type ApiKey } from '../../../lib/api';
import { useEndpoint } from '../../../lib/endpoints';
import { swrOptions } from '../../../lib/swr-options';

/** Admin resources are not publisher-scoped: their keys carry no publisher. */
export const adminKeys = {
  partners: (search: string): ApiKey => ['admin/partners', null, search ? { search } : undefined],
  partner: (id: string): ApiKey => [`admin/partners/${encodeURIComponent(id)}`, null],
  flags: ['admin/feature-flags', null] as ApiKey,
  overrides: (key: string): ApiKey => [`admin/feature-flags/${encodeURIComponent(key)}/overrides`, null],
  outbox: ['admin/outbox', null] as ApiKey,
  users: (search: string, publisherId: string): ApiKey => [
    'admin/users',
    null,
    { ...(search ? { search } : {}), ...(publisherId ? { publisherId } : {}) },
  ],
  invitations: (status: string): ApiKey => ['admin/invitations', null, status ? { status } : undefined],
  planRequests: (pendingOnly: boolean): ApiKey => ['staff/plan-requests', null, pendingOnly ? { status: 'pending' } : undefined],
};

export const useUsersAdmin = (search: string, publisherId: string) =>
  useSWR<RegisteredUser[], Error, ApiKey>(adminKeys.users(search, publisherId), apiFetcher, swrOptions);
export const useInvitations = (status: string) =>
  useSWR<Invitation[], Error, ApiKey>(adminKeys.invitations(status), apiFetcher, swrOptions);

export const usePartnersAdmin = (search: string) =>
  useSWR<AdminPartner[], Error, ApiKey>(adminKeys.partners(search), apiFetcher, swrOptions);
export const usePartnerAdmin = (id: string | null) =>
  useSWR<AdminPartnerDetails, Error, ApiKey | null>(id ? adminKeys.partner(id) : null, apiFetcher, swrOptions);
export const useFlagDefinitions = () => useSWR<FlagDefinition[], Error, ApiKey>(adminKeys.flags, apiFetcher, swrOptions);
export const useFlagOverrides = (key: string | null) =>
  useSWR<FlagOverride[], Error, ApiKey | null>(key ? adminKeys.overrides(key) : null, apiFetcher, swrOptions);

export interface OutboxItem {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  created: string;
}
export const useOutbox = () => useSWR<OutboxItem[], Error, ApiKey>(adminKeys.outbox, apiFetcher, swrOptions);

/** Staff queues: plan changes and product-demo / data-source requests to decide. */
export const usePlanRequests = (pendingOnly: boolean) =>
  useSWR<PlanChangeRequest[], Error, ApiKey>(adminKeys.planRequests(pendingOnly), apiFetcher, swrOptions);
export const useServiceRequests = (pendingOnly: boolean) =>
  useEndpoint(servicesEndpoints.staffRequests, null, { query: pendingOnly ? { status: 'pending' } : {} });
