import { basename } from 'node:path';
import type { DataLoad, DataLoads, DataLoadsQuery, ReportType } from '@pc/contracts';
import type { Db } from '../../db/pool';
import type { ReportEngine } from '../../report-engine/report-engine';
import { ingestFile, type IngestOutcome, notifyReportsChanged, queueRevenueScans } from '../reports';
import { dataLoadsRepo, type DataLoadRow, type NewIngestRun } from './data-loads.repo';

/** Enough reasons to fix a file; the CLI prints the same first ones. */
const KEPT_ERRORS = 100;

const toDataLoad = (r: DataLoadRow): DataLoad => ({
  id: Number(r.id),
  reportType: r.report_type as DataLoad['reportType'],
  source: r.source,
  via: r.via as DataLoad['via'],
  status: r.status as DataLoad['status'],
  startedAt: r.started_at.toISOString(),
  finishedAt: r.finished_at.toISOString(),
  rowsApplied: r.rows_applied,
  daysReplaced: r.days_replaced,
  rejectedRows: r.rejected_rows,
  errors: (r.errors as DataLoad['errors'] | null) ?? [],
});

/**
 * Runs one ingestion and records its outcome, including a rejected file (no row applied) and an
 * engine failure (rethrown after recording). Recording never hides the ingestion's own result.
 */
export async function recordedIngest(
  db: Db,
  run: Pick<NewIngestRun, 'reportType' | 'source' | 'via'>,
  ingest: () => Promise<Pick<IngestOutcome, 'rowsApplied' | 'daysReplaced' | 'errors'> & Partial<IngestOutcome>>,
): Promise<IngestOutcome> {
  const startedAt = new Date();
  const repo = dataLoadsRepo(db);
  let outcome: Awaited<ReturnType<typeof ingest>>;
  try {
    outcome = await ingest();
  } catch (err) {
    await repo.record({
      ...run,
      status: 'failed',
      startedAt,
      rowsApplied: 0,
      daysReplaced: 0,
      rejectedRows: 0,
      errors: [{ line: 0, message: (err as Error).message }],
    });
    throw err;
  }
  // Every process drops the cached reports of the publishers the file replaced (report-cache.ts).
  if (outcome.errors.length === 0 && outcome.publisherIds?.length) {
    await notifyReportsChanged(db, outcome.publisherIds);
    // New revenue days are judged at once (reports/anomalies/), not at the next hourly check.
    if (run.reportType === 'revenue') await queueRevenueScans(db, outcome.publisherIds);
  }
  // The parser's exact count; otherwise distinct lines, not messages (one row may carry several reasons).
  const rejectedRows = outcome.rowsRejected ?? new Set(outcome.errors.filter((e) => e.line > 0).map((e) => e.line)).size;
  await repo.record({
    ...run,
    status: outcome.errors.length > 0 ? 'rejected' : 'applied',
    startedAt,
    rowsApplied: outcome.rowsApplied,
    daysReplaced: outcome.daysReplaced,
    rejectedRows,
    errors: outcome.errors.slice(0, KEPT_ERRORS),
  });
  return { rowsRead: outcome.rowsApplied + rejectedRows, rowsRejected: rejectedRows, ...outcome };
}

/** The CLI's `ingest` command, recorded under the file's name. */
export const recordedIngestFile = (db: Db, engine: ReportEngine, reportType: ReportType, path: string, via: 'cli' | 'api' = 'cli') =>
  recordedIngest(db, { reportType, source: basename(path), via }, () => ingestFile(engine, reportType, path));

export function createDataLoadsService(db: Db) {
  const repo = dataLoadsRepo(db);
  return {
    async list(q: DataLoadsQuery): Promise<DataLoads> {
      const [latest, runs] = await Promise.all([repo.latestPerReportType(), repo.list(q)]);
      return { latest: latest.map(toDataLoad), runs: runs.map(toDataLoad) };
    },
  };
}
export type DataLoadsService = ReturnType<typeof createDataLoadsService>;
