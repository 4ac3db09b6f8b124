import useSWR from 'swr';
import type {
  ActivationResult,
  CreateServiceRequest,
  DataIntegration,
  InitiateDataIntegration,
  ServiceDetail,
  ServicesOverview,
} from '@pc/contracts';
import { api, apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';

const servicePath = (id: string) => `services/${encodeURIComponent(id)}`;

export const useServicesOverview = (publisherId: string) =>
  useSWR<ServicesOverview, Error, ApiKey>(['services', publisherId], apiFetcher, swrOptions);

/** Polls while an activation is PENDING, so the page shows the status change the job makes. */
export const useServiceDetail = (publisherId: string, serviceId: string) =>
  useSWR<ServiceDetail, Error, ApiKey>([servicePath(serviceId), publisherId], apiFetcher, {
    ...swrOptions,
    refreshInterval: (d) => (d?.sites.some((s) => s.service.status === 'PENDING') ? 2000 : 0),
  });

export const activateService = (publisherId: string, serviceId: string, siteIds: string[]) =>
  api<ActivationResult>(`${servicePath(serviceId)}/activation`, { method: 'POST', publisherId, body: { siteIds } });

export const initiateIntegration = (publisherId: string, body: InitiateDataIntegration) =>
  api<DataIntegration>('services/data-integration/integrations', { method: 'POST', publisherId, body });

export const cancelIntegration = (publisherId: string, id: string) =>
  api<DataIntegration>(`services/data-integration/integrations/${encodeURIComponent(id)}/cancel`, { method: 'POST', publisherId });

export const confirmIntegration = (id: string) =>
  api<DataIntegration>(`staff/data-integrations/${encodeURIComponent(id)}/confirm`, { method: 'POST' });

export const requestService = (publisherId: string, body: CreateServiceRequest) =>
  api<{ id: string }>('services/requests', { method: 'POST', publisherId, body });
