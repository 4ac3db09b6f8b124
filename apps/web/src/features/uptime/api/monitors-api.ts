import useSWR from 'swr';
import type { CheckResult, Incident, Monitor, MonitorInput, MonitorLimits, MonitorRange, MonitorStats } from '@pc/contracts';
import { api, apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';

const base = 'monitors';
const monitorPath = (id: string) => `${base}/${encodeURIComponent(id)}`;
/** Checks run in the background: the pages poll so a status change shows without a reload. */
const live = { ...swrOptions, refreshInterval: 10_000 };

export const monitorKeys = {
  list: (publisherId: string): ApiKey => [base, publisherId],
  allPublishers: (): ApiKey => [`${base}/all-publishers`, null],
  monitor: (publisherId: string, id: string): ApiKey => [monitorPath(id), publisherId],
};

export const useMonitors = (publisherId: string) => useSWR<Monitor[], Error, ApiKey>(monitorKeys.list(publisherId), apiFetcher, live);
export const useAllPublishersMonitors = (enabled: boolean) =>
  useSWR<Monitor[], Error, ApiKey | null>(enabled ? monitorKeys.allPublishers() : null, apiFetcher, live);
export const useMonitorLimits = (publisherId: string) =>
  useSWR<MonitorLimits, Error, ApiKey>([`${base}/limits`, publisherId], apiFetcher, swrOptions);
export const useMonitor = (publisherId: string, id: string, poll = true) =>
  useSWR<Monitor, Error, ApiKey>(monitorKeys.monitor(publisherId, id), apiFetcher, poll ? live : swrOptions);
export const useMonitorStats = (publisherId: string, id: string, range: MonitorRange) =>
  useSWR<MonitorStats, Error, ApiKey>([`${monitorPath(id)}/stats`, publisherId, { range }], apiFetcher, live);
export const useMonitorResults = (publisherId: string, id: string) =>
  useSWR<CheckResult[], Error, ApiKey>([`${monitorPath(id)}/results`, publisherId, { limit: 20 }], apiFetcher, live);
export const useMonitorIncidents = (publisherId: string, id: string) =>
  useSWR<Incident[], Error, ApiKey>([`${monitorPath(id)}/incidents`, publisherId], apiFetcher, live);

export const createMonitor = (publisherId: string, body: MonitorInput) => api<Monitor>(base, { method: 'POST', publisherId, body });
export const updateMonitor = (publisherId: string, id: string, body: MonitorInput) =>
  api<Monitor>(monitorPath(id), { method: 'PUT', publisherId, body });
export const deleteMonitor = (publisherId: string, id: string) => api<{ ok: true }>(monitorPath(id), { method: 'DELETE', publisherId });
export const setMonitorPaused = (publisherId: string, id: string, paused: boolean) =>
  api<Monitor>(`${monitorPath(id)}/${paused ? 'pause' : 'resume'}`, { method: 'POST', publisherId });
export const bulkSetPaused = (publisherId: string, ids: string[], action: 'pause' | 'resume') =>
  api<{ changed: string[] }>(`${base}/bulk`, { method: 'POST', publisherId, body: { ids, action } });
export const testMonitor = (publisherId: string, body: MonitorInput) =>
  api<CheckResult>(`${base}/test`, { method: 'POST', publisherId, body });
export const checkMonitorNow = (publisherId: string, id: string) =>
  api<CheckResult>(`${monitorPath(id)}/check`, { method: 'POST', publisherId });
