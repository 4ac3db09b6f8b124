import type { ReportResult, ReportRow } from './report-engine';

// How both engines turn what their driver returns into the report's cells: the same row and the
// same totals whichever engine answered.

/** A driver's cell as a report cell: text and numbers as they are, nothing as null, anything else (a big integer, a date) as text. */
export function toCell(v: unknown): string | number | null {
  return typeof v === 'string' || typeof v === 'number' ? v : v == null ? null : String(v);
}

/** A result row of the plan's columns only, each as a report cell. */
export function pickColumns(columns: ReportResult['columns'], raw: Record<string, unknown>): ReportRow {
  const row: ReportRow = {};
  for (const c of columns) row[c.key] = toCell(raw[c.key]);
  return row;
}

/** A row read as cells in the columns' order, each as a report cell. */
export function rowOfCells(columns: ReportResult['columns'], cells: readonly unknown[]): ReportRow {
  const row: ReportRow = {};
  columns.forEach((c, n) => (row[c.key] = toCell(cells[n])));
  return row;
}

/** A total: a finite number, else null (no rows, or a ratio over zero). */
export function toNumberOrNull(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
