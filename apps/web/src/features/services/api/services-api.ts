import { servicesEndpoints as endpoints, type CreateServiceRequest, type InitiateDataIntegration } from '@pc/contracts';
import { call, useEndpoint } from '../../../lib/endpoints';

export const useServicesOverview = (publisherId: string) => useEndpoint(endpoints.overview, publisherId, {});

/** Polls while an activation is PENDING, so the page shows the status change the job makes. */
export const useServiceDetail = (publisherId: string, serviceId: string) =>
  useEndpoint(
    endpoints.detail,
    publisherId,
    { params: { serviceId } },
    { refreshInterval: (d) => (d?.sites.some((s) => s.service.status === 'PENDING') ? 2000 : 0) },
  );

export const activateService = (publisherId: string, serviceId: string, siteIds: string[]) =>
  call(endpoints.activate, { params: { serviceId }, body: { siteIds } }, { publisherId });

export const initiateIntegration = (publisherId: string, body: InitiateDataIntegration) =>
  call(endpoints.initiateIntegration, { body }, { publisherId });

export const cancelIntegration = (publisherId: string, id: string) =>
  call(endpoints.cancelIntegration, { params: { id } }, { publisherId });

export const confirmIntegration = (id: string) => call(endpoints.confirmIntegration, { params: { id } });

export const requestService = (publisherId: string, body: CreateServiceRequest) => call(endpoints.createRequest, { body }, { publisherId });
