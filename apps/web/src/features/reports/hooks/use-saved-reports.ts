import { savedReportsEndpoints as endpoints, type ReportType } from '@pc/contracts';
import { useEndpoint } from '../../../lib/endpoints';

/** The user's own saved reports and the ones shared with the publisher's team. */
export const useSavedReports = (publisherId: string | null, reportType: ReportType) =>
  useEndpoint(endpoints.list, publisherId, publisherId ? { query: { reportType } } : null);

/** The publisher's reporting time zone (UTC until set): report days and schedules follow it. */
export const useReportSettings = (publisherId: string | null) => useEndpoint(endpoints.settings, publisherId, publisherId ? {} : null);
