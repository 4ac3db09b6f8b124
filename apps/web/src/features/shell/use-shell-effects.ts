import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import { reportListEndpoints, type ReportType } from '@pc/contracts';
import { call } from '../../lib/endpoints';
import { reportBanner } from '../../lib/report-banner/report-banner-store';
import { useReportPolling } from '../../lib/report-banner/use-report-polling';
import { trackPageView } from '../../lib/tracking/page-view';
import { REPORT_ROUTE } from './report-ready-banner';

/** Polls for awaited reports, dismisses a banner when its report page is visited on tab_1, tracks page views. */
export function useShellEffects(publisherId: string | null): void {
  const fetchReports = useCallback((id: string) => call(reportListEndpoints.list, { query: { publisherId: id } }, { publisherId: id }), []);
  useReportPolling(publisherId, fetchReports);

  const { pathname, search } = useLocation();
  // Pages by views in the console's usage analytics.
  useEffect(() => trackPageView(pathname, publisherId), [pathname, publisherId]);
  useEffect(() => {
    if (new URLSearchParams(search).get('tab') !== 'tab_1') return;
    for (const type of Object.keys(REPORT_ROUTE) as ReportType[]) {
      if (pathname === REPORT_ROUTE[type]) reportBanner.dismiss(type);
    }
  }, [pathname, search]);
}
