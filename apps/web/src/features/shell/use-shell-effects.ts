import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import type { ReportListItem, ReportType } from '@pc/contracts';
import { api } from '../../lib/api';
import { reportBanner } from '../../lib/report-banner/report-banner-store';
import { useReportPolling } from '../../lib/report-banner/use-report-polling';
import { REPORT_ROUTE } from './report-ready-banner';

/** Polls for awaited reports and dismisses a banner when its report page is visited on tab_1. */
export function useShellEffects(publisherId: string | null): void {
  const fetchReports = useCallback(
    (id: string) => api<ReportListItem[]>('partner-center/reports', { query: { publisherId: id }, publisherId: id }),
    [],
  );
  useReportPolling(publisherId, fetchReports);

  const { pathname, search } = useLocation();
  useEffect(() => {
    if (new URLSearchParams(search).get('tab') !== 'tab_1') return;
    for (const type of Object.keys(REPORT_ROUTE) as ReportType[]) {
      if (pathname === REPORT_ROUTE[type]) reportBanner.dismiss(type);
    }
  }, [pathname, search]);
}
