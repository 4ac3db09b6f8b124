import { readCsvRecords } from '../../lib/csv/csv-records';
import { neutraliseText, quoteCsvField } from '../../lib/csv/csv-writer';

/** One value per row under a `value` header; text that a spreadsheet would run as a formula is neutralised. */
export function valuesToCsv(values: readonly string[]): string {
  return ['value', ...values.map((v) => quoteCsvField(neutraliseText(v)))].join('\r\n') + '\r\n';
}

/**
 * Values from an uploaded CSV: the first column of each row, a `value` header skipped, the quote
 * our own export put before formula-like text removed again.
 */
export async function valuesFromCsv(csv: string): Promise<string[]> {
  const out: string[] = [];
  for await (const rec of readCsvRecords(csv.replace(/^\uFEFF/, ''))) {
    const first = (rec.fields[0] ?? '').trim();
    if (rec.line === 1 && /^values?$/i.test(first)) continue;
    if (first === '') continue;
    out.push(/^'[=+\-@\t\r]/.test(first) ? first.slice(1) : first);
  }
  return out;
}
