import { REPORT_DEFINITIONS, type ExportCreated, type ReportListItem } from '@pc/contracts';
import { api } from '../../../lib/api';
import { buildUrl } from '../../../lib/api-client';
import { errorFromResponse } from '../../../lib/api-error';
import { getIdentityClient } from '../../../lib/identity/auth-instance';
import { REPORT_PATH } from './use-report-data';
import type { ReportApiQuery } from './report-query';
import { epochAtNoon } from './date-presets';

export type ExportFormat = 'csv' | 'xlsx';

/** exportReportToFile=true: a background job makes the file; the answer is 202 {reportId}. */
export function createFileExport(query: ReportApiQuery, format: ExportFormat): Promise<ExportCreated> {
  return api<ExportCreated>(REPORT_PATH, { query: { ...query, exportReportToFile: 'true', format } });
}

/** emailReportOutput=true: the same job, e-mailed to the signed-in user when done. */
export function createEmailExport(query: ReportApiQuery, format: ExportFormat): Promise<ExportCreated> {
  return api<ExportCreated>(REPORT_PATH, { query: { ...query, emailReportOutput: 'true', format } });
}

function filenameFrom(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return m?.[1] ?? fallback;
}

/**
 * Downloads a finished export (reportId + exportReportToFile=true). The file needs the bearer
 * token and Publisher-Scope, which a plain link cannot send, so it is fetched and handed to the
 * browser as a Blob through a temporary object URL.
 */
export async function downloadExport(item: ReportListItem, publisherId: string): Promise<void> {
  const client = getIdentityClient();
  const token = await client.getIdToken();
  const url = buildUrl(REPORT_PATH, {
    reportType: item.type,
    publisherId,
    reportId: item.id,
    exportReportToFile: 'true',
    // The call's schema wants a full report request even for a download; the job's own is used.
    dateFrom: epochAtNoon(item.dateFrom),
    dateTo: epochAtNoon(item.dateTo),
    metrics: REPORT_DEFINITIONS[item.type].metrics[0],
    interval: 'Day',
  });
  const headers: Record<string, string> = { 'Publisher-Scope': publisherId };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, { headers });
  // Spec: a 401 signs the user out (the shared client does the same for JSON calls).
  if (res.status === 401) void client.signOut();
  if (!res.ok) throw await errorFromResponse(res);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = href;
    a.download = filenameFrom(
      res.headers.get('content-disposition'),
      `${item.type}-report-${item.dateFrom}-to-${item.dateTo}.${item.format}`,
    );
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // Revoked after the click has been handled; revoking at once can cancel the download.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}
