import { incidentsEndpoints as endpoints, type IncidentListQuery } from '@pc/contracts';
import { call, useEndpoint } from '../../../lib/endpoints';

export const useIncidents = (publisherId: string, query: IncidentListQuery) => useEndpoint(endpoints.list, publisherId, { query });
export const useIncident = (publisherId: string, id: string) => useEndpoint(endpoints.get, publisherId, { params: { id } });
export const useExportEntitlements = (publisherId: string) => useEndpoint(endpoints.entitlements, publisherId, {});

export const changeIncident = (publisherId: string, id: string, action: 'acknowledge' | 'resolve', note: string) =>
  call(endpoints[action], { params: { id }, body: { note } }, { publisherId });
export const exportVulnerabilities = (publisherId: string, siteId: string) =>
  call(endpoints.vulnerabilitiesCsv, { query: { siteId } }, { publisherId });
