import type { Writable } from 'node:stream';
import type { ReportEngine, ReportQuery } from '../engine/report-engine';
import { writeCsv } from './csv-writer';
import { writeXlsx } from './xlsx-writer';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * What an export job calls: totals come from a limit-0 query (computed over all rows by the
 * engine), rows are streamed without the 500-row limit. CSV leaves `out` open; XLSX ends it.
 */
export async function exportReport(
  engine: ReportEngine,
  query: ReportQuery,
  format: ExportFormat,
  out: Writable,
): Promise<{ rows: number }> {
  const summary = await engine.query({ ...query, limit: 0 });
  const rows = engine.streamRows(query);
  const write = format === 'csv' ? writeCsv : writeXlsx;
  return { rows: await write(summary.columns, rows, out, { totals: summary.totals }) };
}
