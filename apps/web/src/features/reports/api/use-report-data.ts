import useSWR from 'swr';
import {
  Limits,
  pathOf,
  reportListEndpoints,
  reportsEndpoints,
  type ReportListItem,
  type ReportResult,
  type ReportType,
} from '@pc/contracts';
import { apiFetcher, type ApiKey } from '../../../lib/api';
import { useEndpoint } from '../../../lib/endpoints';
import { swrOptions } from '../../../lib/swr-options';
import type { ReportApiQuery } from '../state/report-query';

/** The report call's path, from its contract entry; its query is the page's own (state/report-query.ts). */
export const REPORT_PATH = pathOf(reportsEndpoints.report);

/** One report call; null skips it. Previous data stays on screen while a changed query loads. */
export function useReportResult(publisherId: string | null, query: ReportApiQuery | null) {
  const key: ApiKey | null = publisherId && query ? [REPORT_PATH, publisherId, query] : null;
  return useSWR<ReportResult, Error, ApiKey | null>(key, apiFetcher, { ...swrOptions, keepPreviousData: true });
}

const isPending = (r: ReportListItem) => r.status === 'queued' || r.status === 'running';

/** The user's exports for this publisher, polled every 2 s while one of them is still being made. */
export function useReportList(publisherId: string | null, type: ReportType) {
  const swr = useEndpoint(reportListEndpoints.list, publisherId, publisherId ? { query: { publisherId } } : null, {
    refreshInterval: (list) => (list?.some((r) => r.type === type && isPending(r)) ? Limits.reportPollingIntervalMs : 0),
  });
  return { ...swr, items: swr.data?.filter((r) => r.type === type) };
}
