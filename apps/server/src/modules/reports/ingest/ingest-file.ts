import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import type { FactBatch, ReportEngine } from '../engine/report-engine';
import type { ReportType } from '@pc/contracts';
import type { TextSource } from './csv-records';
import { parseFactsFile, type FactsFormat, type LineError } from './parse-facts';

export interface IngestOutcome {
  /** Data rows in the file. */
  rowsRead: number;
  /** Rows refused (exact, however many; `errors` keeps only the first reasons). Any means nothing was applied. */
  rowsRejected: number;
  rowsApplied: number;
  /** Distinct (publisher, day) pairs replaced. */
  daysReplaced: number;
  /** Non-empty means nothing was applied. */
  errors: LineError[];
  /** Publishers whose figures the applied file replaced (their cached reports must go). */
  publisherIds?: string[];
}

function publishersOf(batch: FactBatch): string[] {
  const rows = batch.reportType === 'revenue' ? [...batch.requests, ...batch.sales] : batch.rows;
  return [...new Set(rows.map((r) => r.publisherId))];
}

/** .csv -> csv; .ndjson / .jsonl -> ndjson. */
export function formatFromPath(path: string): FactsFormat | null {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  return null;
}

/** Validates the whole source, then applies it (each (publisher, day) replaced) or nothing. */
export async function ingestSource(
  engine: ReportEngine,
  reportType: ReportType,
  source: TextSource,
  format: FactsFormat,
): Promise<IngestOutcome> {
  const parsed = await parseFactsFile(source, format, reportType);
  const counts = { rowsRead: parsed.rows, rowsRejected: parsed.rejectedRows };
  if (!parsed.batch) return { ...counts, rowsApplied: 0, daysReplaced: 0, errors: parsed.errors };
  const summary = await engine.ingest(parsed.batch);
  return { ...counts, ...summary, errors: [], publisherIds: publishersOf(parsed.batch) };
}

/** The CLI's entry point: `ingestFile(engine, 'revenue', 'facts/2024-05-01.csv')`. */
export async function ingestFile(engine: ReportEngine, reportType: ReportType, path: string): Promise<IngestOutcome> {
  const format = formatFromPath(path);
  if (!format) {
    return {
      rowsRead: 0,
      rowsRejected: 0,
      rowsApplied: 0,
      daysReplaced: 0,
      errors: [{ line: 0, message: 'Use a .csv, .ndjson or .jsonl file.' }],
    };
  }
  return ingestSource(engine, reportType, createReadStream(path), format);
}
