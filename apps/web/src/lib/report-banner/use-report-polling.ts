import { useEffect } from 'react';
import { Limits, type ReportListItem } from '@pc/contracts';
import { reportBanner, useReportBanner } from './report-banner-store';
import { addToast } from '../toast';

// lib cannot import the shell feature's label map; the two names are the spec's.
const LABEL: Record<ReportListItem['type'], string> = { revenue: 'Revenue Summary', recirculation: 'Recirculation Summary' };

/** The awaited types whose newest export failed (the list is newest first). */
export function failedAwaited(awaited: readonly string[], list: readonly ReportListItem[]): ReportListItem[] {
  const out: ReportListItem[] = [];
  const seen = new Set<string>();
  for (const r of list) {
    if (seen.has(r.type)) continue;
    seen.add(r.type);
    if (r.status === 'failed' && awaited.includes(r.type)) out.push(r);
  }
  return out;
}

/**
 * Polls the report list every 2000 ms, only while a report is awaited and a publisher is chosen
 * (docs/product.md#states). Errors are ignored: the next tick tries again. A failed export stops the
 * polling for its type and says so in an error toast.
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
          if (cancelled) return;
          for (const r of failedAwaited(reportBanner.getState().awaited, list)) {
            addToast(
              'error',
              `Your ${LABEL[r.type]} export could not be made. Please export the report again; if it fails again, contact support.`,
            );
          }
          reportBanner.applyReports(list);
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
