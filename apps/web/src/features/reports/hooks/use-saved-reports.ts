import useSWR from 'swr';
import type { ReportSettings, ReportType, SavedReport } from '@pc/contracts';
import { apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';
import { SAVED_PATH, SETTINGS_PATH } from '../api/saved-reports';

/** The user's own saved reports and the ones shared with the publisher's team. */
export function useSavedReports(publisherId: string | null, reportType: ReportType) {
  const key: ApiKey | null = publisherId ? [SAVED_PATH, publisherId, { reportType }] : null;
  return useSWR<SavedReport[], Error, ApiKey | null>(key, apiFetcher, swrOptions);
}

/** The publisher's reporting time zone (UTC until set): report days and schedules follow it. */
export function useReportSettings(publisherId: string | null) {
  const key: ApiKey | null = publisherId ? [SETTINGS_PATH, publisherId] : null;
  return useSWR<ReportSettings, Error, ApiKey | null>(key, apiFetcher, swrOptions);
}
