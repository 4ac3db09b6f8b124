import {
  adminPartnersEndpoints,
  adminUsersEndpoints,
  featureFlagsEndpoints,
  invitationsEndpoints,
  outboxEndpoints,
  plansEndpoints,
  servicesEndpoints,
  type InvitationStatus,
} from '@pc/contracts';
import { useEndpoint } from '../../../lib/endpoints';

export const useUsersAdmin = (search: string, publisherId: string) =>
  useEndpoint(adminUsersEndpoints.list, null, { query: { ...(search ? { search } : {}), ...(publisherId ? { publisherId } : {}) } });
export const useInvitations = (status: InvitationStatus | '') =>
  useEndpoint(invitationsEndpoints.list, null, { query: status ? { status } : {} });

export const usePartnersAdmin = (search: string) => useEndpoint(adminPartnersEndpoints.list, null, { query: search ? { search } : {} });
export const usePartnerAdmin = (id: string | null) => useEndpoint(adminPartnersEndpoints.get, null, id ? { params: { id } } : null);
// Admin resources are not publisher-scoped: their keys carry no publisher.
export const useFlagDefinitions = () => useEndpoint(featureFlagsEndpoints.definitions, null, {});
export const useFlagOverrides = (key: string | null) =>
  useEndpoint(featureFlagsEndpoints.overrides, null, key ? { params: { key } } : null);

export const useOutbox = () => useEndpoint(outboxEndpoints.list, null, { query: {} });

/** Staff queues: plan changes and product-demo / data-source requests to decide. */
export const usePlanRequests = (pendingOnly: boolean) =>
  useEndpoint(plansEndpoints.staffRequests, null, { query: pendingOnly ? { status: 'pending' } : {} });
export const useServiceRequests = (pendingOnly: boolean) =>
  useEndpoint(servicesEndpoints.staffRequests, null, { query: pendingOnly ? { status: 'pending' } : {} });
