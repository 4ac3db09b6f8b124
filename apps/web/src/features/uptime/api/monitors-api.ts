import { monitorsEndpoints as endpoints, type MonitorInput, type MonitorRange } from '@pc/contracts';
import { call, endpointKey, useEndpoint } from '../../../lib/endpoints';

/** Checks run in the background: the pages poll so a status change shows without a reload. */
const live = { refreshInterval: 10_000 };

export const monitorKeys = {
  list: (publisherId: string) => endpointKey(endpoints.list, publisherId, { query: {} }),
  monitor: (publisherId: string, id: string) => endpointKey(endpoints.get, publisherId, { params: { id } }),
};

export const useMonitors = (publisherId: string) => useEndpoint(endpoints.list, publisherId, { query: {} }, live);
export const useAllPublishersMonitors = (enabled: boolean) =>
  useEndpoint(endpoints.allPublishers, null, enabled ? { query: {} } : null, live);
export const useMonitorLimits = (publisherId: string) => useEndpoint(endpoints.limits, publisherId, {});
export const useMonitor = (publisherId: string, id: string, poll = true) =>
  useEndpoint(endpoints.get, publisherId, { params: { id } }, poll ? live : undefined);
export const useMonitorStats = (publisherId: string, id: string, range: MonitorRange) =>
  useEndpoint(endpoints.stats, publisherId, { params: { id }, query: { range } }, live);
export const useMonitorResults = (publisherId: string, id: string) =>
  useEndpoint(endpoints.results, publisherId, { params: { id }, query: { limit: 20 } }, live);
export const useMonitorIncidents = (publisherId: string, id: string) =>
  useEndpoint(endpoints.incidents, publisherId, { params: { id } }, live);

export const createMonitor = (publisherId: string, body: MonitorInput) => call(endpoints.create, { body }, { publisherId });
export const updateMonitor = (publisherId: string, id: string, body: MonitorInput) =>
  call(endpoints.update, { params: { id }, body }, { publisherId });
export const deleteMonitor = (publisherId: string, id: string) => call(endpoints.remove, { params: { id } }, { publisherId });
export const setMonitorPaused = (publisherId: string, id: string, paused: boolean) =>
  call(endpoints[paused ? 'pause' : 'resume'], { params: { id } }, { publisherId });
export const bulkSetPaused = (publisherId: string, ids: string[], action: 'pause' | 'resume') =>
  call(endpoints.bulk, { body: { ids, action } }, { publisherId });
export const testMonitor = (publisherId: string, body: MonitorInput) => call(endpoints.test, { body }, { publisherId });
export const checkMonitorNow = (publisherId: string, id: string) => call(endpoints.check, { params: { id } }, { publisherId });
