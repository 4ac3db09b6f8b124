import type { ReportType } from '@pc/contracts';
import type { FactBatch, RecirculationFact, RevenueRequestFact, RevenueSalesFact } from '../../../report-engine/report-engine';
import { CsvSyntaxError, readCsvRecords, readLines, type TextSource } from '../../../lib/csv/csv-records';
import { FILE_COLUMNS, REQUIRED_COLUMNS } from '../../../report-engine/fact-file-rules';
import { BatchRows, factKeys, type Lined, type RawRow } from './fact-rows';

export type FactsFormat = 'csv' | 'ndjson';

export interface LineError {
  /** 1-based line in the file (CSV: the header is line 1). */
  line: number;
  message: string;
}

export interface ParsedFacts {
  /** Null when any row is bad: a file is applied whole or not at all. */
  batch: FactBatch | null;
  /** Data rows read (the CSV header and blank lines are not rows). */
  rows: number;
  /** Data rows refused, exactly (errors are capped at MAX_ERRORS, this count is not). */
  rejectedRows: number;
  errors: LineError[];
}

/** What a streamed read found: its rows went to `onBatch`, its errors are here. */
export interface StreamedFacts {
  rows: number;
  rejectedRows: number;
  /** The first MAX_ERRORS reasons, in line order. */
  errors: LineError[];
  /** Reasons past the first MAX_ERRORS. */
  moreErrors: number;
}

/** Enough to fix a file; more would only bloat the answer. */
export const MAX_ERRORS = 100;

/** Rows handed to the engine at a time: what a streamed ingest holds in memory besides the engine's own buffers. */
export const BATCH_ROWS = 50_000;

/**
 * Reads and validates a facts file (layout in FORMAT.md) as a stream, handing each BATCH_ROWS
 * valid rows to `onBatch` (awaited: a slow engine holds the reading back). Every row is checked with
 * zod; errors carry line numbers. Repeated keys are not checked here: the engine finds them in what
 * it staged (FactIngest.duplicates), so memory does not grow with the file.
 */
export async function streamFacts(
  source: TextSource,
  format: FactsFormat,
  reportType: ReportType,
  onBatch: (batch: FactBatch) => Promise<void>,
  batchRows = BATCH_ROWS,
): Promise<StreamedFacts> {
  const errors: LineError[] = [];
  let moreErrors = 0;
  const addError = (line: number, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ line, message });
    else moreErrors += 1;
  };
  const pending = new BatchRows(reportType);
  let rows = 0;
  let rejectedRows = 0;

  /** A data row that cannot be used at all (wrong field count, not JSON, a NUL byte). */
  const reject = (line: number, message: string) => {
    rows += 1;
    rejectedRows += 1;
    addError(line, message);
  };

  const accept = (line: number, raw: RawRow): Promise<void> | undefined => {
    const nul = Object.entries(raw).find(([k, v]) => k.includes('\0') || (typeof v === 'string' && v.includes('\0')));
    if (nul) return void reject(line, `${printable(nul[0])} contains a NUL byte (U+0000); remove it and send the file again`);
    rows += 1;
    const refused = pending.add(raw, line);
    if (refused !== null) {
      rejectedRows += 1;
      addError(line, refused);
      return undefined;
    }
    return pending.size >= batchRows ? onBatch(pending.take()) : undefined;
  };

  try {
    if (format === 'csv') await readCsv(source, reportType, accept, reject, addError);
    else await readNdjson(source, accept, reject);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    addError(error.line, error.message);
  }
  if (pending.size > 0) await onBatch(pending.take());
  if (rows === 0 && errors.length === 0) addError(1, 'The file has no data rows.');
  return { rows, rejectedRows, errors, moreErrors };
}

/** Parse errors and repeated keys in one list in line order, capped, with the count of the rest. */
export function mergeErrors(read: StreamedFacts, duplicates: readonly LineError[], duplicateCount: number): LineError[] {
  const all = [...read.errors, ...duplicates].sort((a, b) => a.line - b.line);
  const rest = read.moreErrors + (duplicateCount - duplicates.length) + Math.max(0, all.length - MAX_ERRORS);
  const kept = all.slice(0, MAX_ERRORS);
  if (rest > 0) kept.push({ line: kept.at(-1)?.line ?? 1, message: `...and ${rest} more errors` });
  return kept;
}

export const duplicateMessage = (firstLine: number) => `duplicate of the row on line ${firstLine} (same day and keys)`;

/**
 * The whole file in memory, validated and checked for repeated keys: for small files and tests.
 * Ingestion streams instead (ingest-file.ts).
 */
export async function parseFactsFile(source: TextSource, format: FactsFormat, reportType: ReportType): Promise<ParsedFacts> {
  const collected = new BatchRows(reportType);
  const read = await streamFacts(source, format, reportType, async (batch) => {
    if (batch.reportType === 'revenue') {
      collected.requests.push(...(batch.requests as Lined<RevenueRequestFact>[]));
      collected.sales.push(...(batch.sales as Lined<RevenueSalesFact>[]));
    } else collected.recirculation.push(...(batch.rows as Lined<RecirculationFact>[]));
  });
  const batch = collected.take();
  const seen = new Map<string, number>();
  const duplicates: LineError[] = [];
  for (const { line, key } of factKeys(batch).sort((a, b) => a.line - b.line)) {
    const first = seen.get(key);
    if (first === undefined) seen.set(key, line);
    else duplicates.push({ line, message: duplicateMessage(first) });
  }
  const rejectedRows = read.rejectedRows + duplicates.length;
  const errors = mergeErrors(read, duplicates.slice(0, MAX_ERRORS), duplicates.length);
  return { batch: errors.length > 0 ? null : batch, rows: read.rows, rejectedRows, errors };
}

async function readCsv(
  source: TextSource,
  reportType: ReportType,
  accept: (line: number, raw: RawRow) => Promise<void> | undefined,
  reject: (line: number, message: string) => void,
  addError: (line: number, message: string) => void,
): Promise<void> {
  let header: string[] | null = null;
  for await (const record of readCsvRecords(source)) {
    if (header === null) {
      header = record.fields.map((f) => f.trim().toLowerCase());
      if (header.some((h) => h.includes('\0'))) {
        addError(record.line, 'the header contains a NUL byte (U+0000); remove it and send the file again');
        return;
      }
      const known = FILE_COLUMNS[reportType];
      const unknown = header.filter((h) => !known.includes(h)).map(printable);
      const missing = REQUIRED_COLUMNS[reportType].filter((c) => !header?.includes(c));
      if (unknown.length > 0) addError(record.line, `unknown columns: ${unknown.join(', ')}`);
      if (missing.length > 0) addError(record.line, `missing columns: ${missing.join(', ')}`);
      if (unknown.length > 0 || missing.length > 0) return;
      continue;
    }
    if (record.fields.length !== header.length) {
      reject(record.line, `expected ${header.length} fields, found ${record.fields.length}`);
      continue;
    }
    const raw: RawRow = {};
    header.forEach((h, n) => {
      const cell = (record.fields[n] ?? '').trim();
      if (cell !== '') raw[h] = cell;
    });
    const flushing = accept(record.line, raw);
    if (flushing) await flushing;
  }
  if (header === null) addError(1, 'The file is empty.');
}

async function readNdjson(
  source: TextSource,
  accept: (line: number, raw: RawRow) => Promise<void> | undefined,
  reject: (line: number, message: string) => void,
): Promise<void> {
  for await (const { line, text } of readLines(source)) {
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      reject(line, 'not valid JSON');
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      reject(line, 'each line must be a JSON object');
      continue;
    }
    const raw: RawRow = {};
    for (const [k, v] of Object.entries(value)) {
      const cell = typeof v === 'string' ? v.trim() : v;
      if (cell !== '' && cell !== null && cell !== undefined) raw[k] = cell;
    }
    const flushing = accept(line, raw);
    if (flushing) await flushing;
  }
}

/** A column name as it can be printed in one line of a message (control characters escaped, length capped). */
const printable = (name: string): string => {
  const escaped = JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name).slice(1, -1);
  return escaped === name ? name : `"${escaped}"`;
};
