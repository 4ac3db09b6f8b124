import useSWR from 'swr';
import { Limits, type ReportListItem, type ReportResult, type ReportType } from '@pc/contracts';
import { apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';
import type { ReportApiQuery } from '../state/report-query';

export const REPORT_PATH = 'partner-center/report';
export const REPORT_LIST_PATH = 'partner-center/reports';

/** One report call; null skips it. Previous data stays on screen while a changed query loads. */
export function useReportResult(publisherId: string | null, query: ReportApiQuery | null) {
  const key: ApiKey | null = publisherId && query ? [REPORT_PATH, publisherId, query] : null;
  return useSWR<ReportResult, Error, ApiKey | null>(key, apiFetcher, { ...swrOptions, keepPreviousData: true });
}

const isPending = (r: ReportListItem) => r.status === 'queued' || r.status === 'running';

/** The user's exports for this publisher, polled every 2 s while one of them is still being made. */
export function useReportList(publisherId: string | null, type: ReportType) {
  const key: ApiKey | null = publisherId ? [REPORT_LIST_PATH, publisherId, { publisherId }] : null;
  const swr = useSWR<ReportListItem[], Error, ApiKey | null>(key, apiFetcher, {
    ...swrOptions,
    refreshInterval: (list) => (list?.some((r) => r.type === type && isPending(r)) ? Limits.reportPollingIntervalMs : 0),
  });
  return { ...swr, items: swr.data?.filter((r) => r.type === type) };
}
