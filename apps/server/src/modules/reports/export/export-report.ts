import type { Writable } from 'node:stream';
import { isEstimatedPeriod } from '../../../report-engine/estimated';
import type { ColumnChunk, ReportEngine, ReportQuery, ReportResult, ReportRow, ReportSummary } from '../../../report-engine/report-engine';
import { rowsToChunks, writeCsvColumns, type ExportColumn } from '../../../lib/csv/csv-writer';
import type { ExportEncoder } from './export-encoder';
import { writeXlsx, writeXlsxColumns } from './xlsx-writer';

export type ExportFormat = 'csv' | 'xlsx';

/** The export-only last column: whether a row's figures may still change. */
export const ESTIMATED_COLUMN: ExportColumn = { key: 'estimated', label: 'Estimated', kind: 'text' };

/**
 * Day and Month rows say Yes/No each, as the table marks them. A Cumulative row has no days of
 * its own: when the range reaches past the finalized date every row includes estimated figures,
 * so each says Yes; a fully finalized Cumulative export has no such column.
 */
function estimatedCell(summary: ReportSummary): ((row: ReportRow) => string) | null {
  const periodic = summary.columns[0]?.kind === 'date' || summary.columns[0]?.kind === 'month';
  if (periodic) return (row) => (row.estimated === true ? 'Yes' : 'No');
  return summary.estimatedFrom ? () => 'Yes' : null;
}

/** estimatedCell for column chunks: the Estimated value from a row's period (its first column). */
function estimatedColumn(summary: ReportSummary): ((period: string | number | null) => string) | null {
  const kind = summary.columns[0]?.kind;
  if (kind === 'date' || kind === 'month') {
    const timeColumn = kind === 'date' ? 'date' : 'month';
    return (period) => (isEstimatedPeriod(timeColumn, summary.estimatedFrom, period) ? 'Yes' : 'No');
  }
  return summary.estimatedFrom ? () => 'Yes' : null;
}

async function* withEstimatedColumn(
  chunks: AsyncIterable<ColumnChunk>,
  cell: (period: string | number | null) => string,
): AsyncIterable<ColumnChunk> {
  for await (const chunk of chunks) {
    const first = chunk.columns[0] ?? [];
    const estimated = new Array<string>(chunk.rowCount);
    for (let i = 0; i < chunk.rowCount; i += 1) estimated[i] = cell(first[i] ?? null);
    yield { rowCount: chunk.rowCount, columns: [...chunk.columns, estimated] };
  }
}

async function* withEstimated(rows: AsyncIterable<ReportRow[]>, cell: (row: ReportRow) => string): AsyncIterable<ReportRow[]> {
  for await (const chunk of rows) yield chunk.map((row) => ({ ...row, estimated: cell(row) }));
}

/**
 * Money columns say their currency in the header ("Net revenue (USD)"): the cells stay plain
 * numbers (CSV) or numbers with a #,##0.00 format (XLSX), which a spreadsheet sums and an import
 * reads, and one currency per file (the publisher's) needs no column repeating it on every row.
 * Without a currency (an export queued before files named it), the labels are left as they were.
 */
export function moneyLabels(columns: readonly ExportColumn[], currency: string | null | undefined): ExportColumn[] {
  if (!currency) return [...columns];
  return columns.map((c) => (c.kind === 'money' ? { ...c, label: `${c.label} (${currency})` } : c));
}

/** What exportReport reads: an engine, or a result already computed (resultSource). */
export type ExportSource = Pick<ReportEngine, 'query' | 'streamRows' | 'streamColumns' | 'summarize'>;

/**
 * A report computed with all its rows (a direct download's cached result, reports.service.ts) as
 * an export source. It takes the row path, which writes the engine's bytes (tested). A result
 * holding fewer rows than the report has is refused: it would be exported as if complete.
 */
export function resultSource(result: ReportResult): ExportSource {
  if (result.rows.length !== result.totalRows)
    throw new Error(`The result holds ${result.rows.length} of its ${result.totalRows} rows: it cannot be exported as it is.`);
  return {
    query: () => Promise.resolve(result),
    streamRows: async function* () {
      yield result.rows;
    },
  };
}

/**
 * What an export job calls: totals come from a limit-0 query (computed over all rows by the
 * engine), rows are streamed without the 500-row limit. CSV leaves `out` open; XLSX ends it.
 * With an `encoder` (export-encoder.ts) the encoding runs in worker threads; the bytes are the same.
 * Engines with streamColumns are read column by column; the row-object path is for the others.
 * `notes` go after the table (ExportOptions.notes); `currency` (the publisher's) is named in the
 * money columns' headers (moneyLabels).
 */
export async function exportReport(
  engine: ExportSource,
  query: ReportQuery,
  format: ExportFormat,
  out: Writable,
  encoder?: ExportEncoder,
  notes: readonly string[] = [],
  currency?: string | null,
): Promise<{ rows: number }> {
  const summary = engine.summarize ? await engine.summarize(query) : await engine.query({ ...query, limit: 0 });
  const cell = estimatedCell(summary);
  const columns = moneyLabels(cell ? [...summary.columns, ESTIMATED_COLUMN] : summary.columns, currency);
  const options = { totals: summary.totals, ...(notes.length > 0 ? { notes } : {}) };
  if (engine.streamColumns) {
    // Column by column for both formats: the main thread builds no object per row; with an
    // encoder, CSV chunks and the XLSX workbook are encoded in worker threads.
    const chunks = engine.streamColumns(query);
    const estimated = estimatedColumn(summary);
    const source = estimated ? withEstimatedColumn(chunks, estimated) : chunks;
    if (format === 'csv') return { rows: await writeCsvColumns(columns, source, out, { ...options, encode: encoder?.csvEncoder() }) };
    if (encoder) return { rows: await encoder.xlsx(columns, source, out, options) };
    return { rows: await writeXlsxColumns(columns, source, out, options) };
  }
  const rows = cell ? withEstimated(engine.streamRows(query), cell) : engine.streamRows(query);
  if (format === 'csv')
    return { rows: await writeCsvColumns(columns, rowsToChunks(columns, rows), out, { ...options, encode: encoder?.csvEncoder() }) };
  if (encoder) return { rows: await encoder.xlsx(columns, rowsToChunks(columns, rows), out, options) };
  return { rows: await writeXlsx(columns, rows, out, options) };
}
