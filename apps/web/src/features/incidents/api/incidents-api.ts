import useSWR from 'swr';
import type { Incident, IncidentDetail, IncidentEntitlement, IncidentListQuery } from '@pc/contracts';
import { api, apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';

const base = 'incidents';
const incidentPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const incidentKeys = {
  list: (publisherId: string, q: IncidentListQuery): ApiKey => [base, publisherId, { ...q }],
  detail: (publisherId: string, id: string): ApiKey => [incidentPath(id), publisherId],
  entitlements: (publisherId: string): ApiKey => [`${base}/entitlements`, publisherId],
};

export const useIncidents = (publisherId: string, q: IncidentListQuery) =>
  useSWR<Incident[], Error, ApiKey>(incidentKeys.list(publisherId, q), apiFetcher, swrOptions);
export const useIncident = (publisherId: string, id: string) =>
  useSWR<IncidentDetail, Error, ApiKey>(incidentKeys.detail(publisherId, id), apiFetcher, swrOptions);
export const useExportEntitlements = (publisherId: string) =>
  useSWR<IncidentEntitlement[], Error, ApiKey>(incidentKeys.entitlements(publisherId), apiFetcher, swrOptions);

export const changeIncident = (publisherId: string, id: string, action: 'acknowledge' | 'resolve', note: string) =>
  api<Incident>(`${incidentPath(id)}/${action}`, { method: 'POST', publisherId, body: { note } });
export const exportVulnerabilities = (publisherId: string, siteId: string) =>
  api<string>(`${base}/vulnerabilities.csv`, { publisherId, query: { siteId }, responseType: 'text' });
