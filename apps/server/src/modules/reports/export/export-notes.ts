import type { ReportDayRange } from '@pc/contracts';
import type { ReportQuery } from '../../../report-engine/report-engine';
import type { ChangeLine } from '../revenue-change/revenue-change-mail';

/**
 * An export job's stored request: the engine query, plus the compared days when the report asked
 * for a comparison (the days are resolved when the export is asked for, as its range is), and the
 * publisher's currency then, which the file's money columns name (export-report.ts, moneyLabels).
 */
export type StoredExportRequest = ReportQuery & { compared?: ReportDayRange; currency?: string };

/**
 * The engine query, the compared days and the currency of a stored request (older jobs have no
 * `compared` and no `currency`: their money headers then name no currency, as before).
 */
export function readStoredRequest(stored: unknown): { request: ReportQuery; compared: ReportDayRange | null; currency: string | null } {
  const { compared, currency, ...request } = stored as StoredExportRequest;
  return { request, compared: compared ?? null, currency: currency ?? null };
}

/**
 * The lines a file carries after its table: a revenue report with a comparison gets its "What
 * changed" sentence; any other file none. A failure to explain loses the line, never the file.
 */
export async function exportNotes(
  changeLine: ChangeLine | undefined,
  request: ReportQuery,
  compared: ReportDayRange | null,
): Promise<string[]> {
  if (!changeLine || !compared || request.reportType !== 'revenue') return [];
  const line = await changeLine(request, compared).catch(() => null);
  return line ? [line] : [];
}
