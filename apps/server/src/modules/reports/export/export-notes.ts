import type { ReportDayRange } from '@pc/contracts';
import type { ReportQuery } from '../engine/report-engine';
import type { ChangeLine } from '../revenue-change/revenue-change-mail';

/**
 * An export job's stored request: the engine query, plus the compared days when the report asked
 * for a comparison (the days are resolved when the export is asked for, as its range is).
 */
export type StoredExportRequest = ReportQuery & { compared?: ReportDayRange };

/** The engine query and the compared days of a stored request (older jobs have no `compared`). */
export function readStoredRequest(stored: unknown): { request: ReportQuery; compared: ReportDayRange | null } {
  const { compared, ...request } = stored as StoredExportRequest;
  return { request, compared: compared ?? null };
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
