import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { isFastHeader } from '../../../report-engine/fact-file-rules';
import type { ReportEngine } from '../../../report-engine/report-engine';
import type { ReportType } from '@pc/contracts';
import type { TextSource } from '../../../lib/csv/csv-records';
import { BATCH_ROWS, duplicateMessage, MAX_ERRORS, mergeErrors, streamFacts, type FactsFormat, type LineError } from './parse-facts';

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

/** .csv -> csv; .ndjson / .jsonl -> ndjson. */
export function formatFromPath(path: string): FactsFormat | null {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  return null;
}

/**
 * Streams the source through validation into the engine's staging (FactIngest), BATCH_ROWS rows at
 * a time, then applies it (each (publisher, day) replaced) or nothing: a bad row, a repeated key or
 * a failure while reading (a dropped upload) aborts what was staged. The CLI, the API and the
 * ingest bench all come here.
 */
export async function ingestSource(
  engine: ReportEngine,
  reportType: ReportType,
  source: TextSource,
  format: FactsFormat,
  batchRows = BATCH_ROWS,
): Promise<IngestOutcome> {
  const run = await engine.beginIngest(reportType);
  const publishers = new Set<string>();
  try {
    const read = await streamFacts(
      source,
      format,
      reportType,
      (batch) => {
        for (const r of batch.reportType === 'revenue' ? batch.requests : batch.rows) publishers.add(r.publisherId);
        if (batch.reportType === 'revenue') for (const r of batch.sales) publishers.add(r.publisherId);
        return run.add(batch);
      },
      batchRows,
    );
    const dup = await run.duplicates(MAX_ERRORS);
    const duplicates = dup.rows.map((d) => ({ line: d.line, message: duplicateMessage(d.firstLine) }));
    const counts = { rowsRead: read.rows, rowsRejected: read.rejectedRows + dup.count };
    if (read.errors.length > 0 || dup.count > 0) {
      await run.abort();
      return { ...counts, rowsApplied: 0, daysReplaced: 0, errors: mergeErrors(read, duplicates, dup.count) };
    }
    const summary = await run.commit();
    return { ...counts, ...summary, errors: [], publisherIds: [...publishers] };
  } catch (error) {
    await run.abort().catch(() => undefined);
    throw error;
  }
}

/**
 * A facts file on disk: read by the engine's own parser when the engine has one and every row keeps
 * the rules of fact-file-rules.ts (several times faster than JavaScript), else row by row
 * (ingestSource), which also names every error. A clean file loads the same either way.
 */
export async function ingestPath(engine: ReportEngine, reportType: ReportType, path: string, format: FactsFormat): Promise<IngestOutcome> {
  return (await ingestNatively(engine, reportType, path, format)) ?? ingestSource(engine, reportType, createReadStream(path), format);
}

/** The outcome of a clean file read by the engine's parser; null when it has to be read row by row. */
async function ingestNatively(
  engine: ReportEngine,
  reportType: ReportType,
  path: string,
  format: FactsFormat,
): Promise<IngestOutcome | null> {
  const columns = format === 'csv' ? await csvHeaderOf(path) : [];
  if (columns === null || (format === 'csv' && !isFastHeader(reportType, columns))) return null;
  const run = await engine.beginIngest(reportType);
  try {
    const staged = run.stageFile ? await run.stageFile({ path, format, columns }) : null;
    // Repeated keys are named with their lines, which only the row-by-row read keeps.
    if (staged === null || staged.rows === 0 || (await run.duplicates(0)).count > 0) {
      await run.abort();
      return null;
    }
    const summary = await run.commit();
    return { rowsRead: staged.rows, rowsRejected: 0, ...summary, errors: [], publisherIds: staged.publisherIds };
  } catch (error) {
    await run.abort().catch(() => undefined);
    throw error;
  }
}

/** The first line of a CSV file split on commas, when it is plain enough to compare with the known names. */
async function csvHeaderOf(path: string): Promise<string[] | null> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(8192), 0, 8192, 0);
    const text = buffer.subarray(0, bytesRead).toString('latin1');
    const end = text.indexOf('\n');
    if (end < 0) return null;
    const header = text.slice(0, end).replace(/\r$/, '');
    return /^[a-z_,]+$/.test(header) ? header.split(',') : null;
  } finally {
    await file.close();
  }
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
  return ingestPath(engine, reportType, path, format);
}
