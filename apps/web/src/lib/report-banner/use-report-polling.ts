import { useEffect } from 'react';
import { Limits, type ReportListItem } from '@pc/contracts';
import { reportBanner, useReportBanner } from './report-banner-store';

/**
 * Polls the report list every 2000 ms, only while a report is awaited and a publisher is chosen
 * (spec section 4). Errors are ignored: the next tick tries again.
 */
export function useReportPolling(
  publisherId: string | null,
  fetchReports: (publisherId: string) => Promise<readonly ReportListItem[]>,
): void {
  const { awaited } = useReportBanner();
  const active = awaited.length > 0 && !!publisherId;
  useEffect(() => {
    if (!active || !publisherId) return;
    let cancelled = false;
    const timer = setInterval(() => {
      fetchReports(publisherId).then(
        (list) => {
          if (!cancelled) reportBanner.applyReports(list);
        },
        () => undefined,
      );
    }, Limits.reportPollingIntervalMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [active, publisherId, fetchReports]);
}
