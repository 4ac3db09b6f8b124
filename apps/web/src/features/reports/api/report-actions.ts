import { saveFile } from '../../../lib/save-file';
import { pathOf, REPORT_DEFINITIONS, reportsEndpoints, type ExportCreated, type ReportListItem } from '@pc/contracts';
import { api } from '../../../lib/api';
import type { BlobResponse } from '../../../lib/api-client';
import { REPORT_PATH } from './use-report-data';
import type { ReportApiQuery } from '../state/report-query';
import { epochAtNoon } from '../state/date-presets';

export type ExportFormat = 'csv' | 'xlsx';

/** exportReportToFile=true: a background job makes the file; the answer is 202 {reportId}. */
export function createFileExport(query: ReportApiQuery, format: ExportFormat): Promise<ExportCreated> {
  return api<ExportCreated>(REPORT_PATH, { query: { ...query, exportReportToFile: 'true', format } });
}

/**
 * A small report as a file at once: GET report/download answers the file itself,
 * without a job. A 413 means it has more rows than the server downloads at once.
 */
export async function downloadNow(query: ReportApiQuery, format: ExportFormat): Promise<void> {
  const { blob, filename } = await api<BlobResponse>(pathOf(reportsEndpoints.download), {
    publisherId: String(query.publisherId),
    responseType: 'file',
    query: { ...query, format },
  });
  saveFile(filename ?? `${String(query.reportType)}-report.${format}`, blob);
}

/** emailReportOutput=true: the same job, e-mailed to the signed-in user when done. */
export function createEmailExport(query: ReportApiQuery, format: ExportFormat): Promise<ExportCreated> {
  return api<ExportCreated>(REPORT_PATH, { query: { ...query, emailReportOutput: 'true', format } });
}

/**
 * Downloads a finished export (reportId + exportReportToFile=true) through the shared API client
 * (bearer token, Publisher-Scope, time-out, 401 sign-out), then hands the Blob to the browser
 * through a temporary object URL; a plain link could not send those headers.
 */
export async function downloadExport(item: ReportListItem, publisherId: string): Promise<void> {
  const { blob, filename } = await api<BlobResponse>(REPORT_PATH, {
    publisherId,
    responseType: 'file',
    query: {
      reportType: item.type,
      publisherId,
      reportId: item.id,
      exportReportToFile: 'true',
      // The call's schema wants a full report request even for a download; the job's own is used.
      dateFrom: epochAtNoon(item.dateFrom),
      dateTo: epochAtNoon(item.dateTo),
      metrics: REPORT_DEFINITIONS[item.type].metrics[0],
      interval: 'Day',
    },
  });
  saveFile(filename ?? `${item.type}-report-${item.dateFrom}-to-${item.dateTo}.${item.format}`, blob);
}
