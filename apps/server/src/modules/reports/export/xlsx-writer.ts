import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportColumn } from '../../../report-engine/report-engine';
import {
  rowsToChunks,
  totalsRowValues,
  type CellChunk,
  type ExportColumn,
  type ExportOptions,
  type RowSource,
} from '../../../lib/csv/csv-writer';

const NUM_FMT: Partial<Record<ReportColumn['kind'], string>> = {
  count: '#,##0',
  money: '#,##0.00',
  'ratio-percent': '0.00%',
  date: 'yyyy-mm-dd',
};

/**
 * Streaming XLSX (exceljs WorkbookWriter): each row is committed as soon as it is added, so rows
 * are not kept in memory. Cells are typed (numbers as numbers, text as text), so nothing is ever
 * read as a formula and text needs no neutralising. Day dates become real dates. Ends `out`.
 */
export function writeXlsx(columns: readonly ExportColumn[], rows: RowSource, out: Writable, options: ExportOptions = {}): Promise<number> {
  return writeXlsxColumns(columns, rowsToChunks(columns, rows), out, options);
}

/** writeXlsx for column chunks; what the export worker thread runs (export-encoder.ts). */
export async function writeXlsxColumns(
  columns: readonly ExportColumn[],
  chunks: AsyncIterable<CellChunk>,
  out: Writable,
  options: ExportOptions = {},
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Report');
  sheet.columns = columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: Math.max(12, c.label.length + 2),
    style: NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  let count = 0;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.rowCount; i += 1) {
      sheet.addRow(columns.map((c, n) => toCell(c, chunk.columns[n]?.[i]))).commit();
    }
    count += chunk.rowCount;
    // Let the zip stream flush between chunks; exceljs does not apply backpressure itself.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const totalsRow = totalsRowValues(columns, options.totals);
  if (totalsRow) {
    const added = sheet.addRow(totalsRow);
    added.font = { bold: true };
    added.commit();
  }
  if (options.notes?.length) {
    // As in the CSV: an empty row, then each note in the first column.
    sheet.addRow([]).commit();
    for (const note of options.notes) sheet.addRow([note]).commit();
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

function toCell(column: ExportColumn, value: string | number | boolean | null | undefined): ExcelJS.CellValue {
  if (value === undefined || value === null) return null;
  if (column.kind === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  return value;
}
