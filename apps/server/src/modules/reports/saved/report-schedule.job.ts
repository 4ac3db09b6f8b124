import { every, type PeriodicTask } from '../../../lib/jobs/every';
import type { Logger } from 'pino';
import {
  DEFAULT_REPORTING_TIME_ZONE,
  presetDays,
  todayIn,
  type DimensionKey,
  type MetricKey,
  type ReportFilter,
  type ReportType,
  type SavedReportView,
  type ScheduleFrequency,
} from '@pc/contracts';
import type { Db } from '../../../db/pool';
import { inTransaction } from '../../../db/transaction';
import type { JobQueue } from '../../../lib/jobs/job-queue';
import type { ReportQuery } from '../../../report-engine/report-engine';
import { REPORT_EXPORT_QUEUE, type ReportExportPayload } from '../report-export.job';
import { reportsRepo } from '../reports.repo';
import { savedReportsRepo } from './saved-reports.repo';
import { pauseWithoutAccess } from './schedule-access';
import { nextRunAfter } from './schedule-time';

const CHECK_EVERY_MS = 60_000;
const BATCH = 50;

/** A saved view as the engine query it stands for on `today` (presets resolved then). */
export function viewToQuery(view: SavedReportView, reportType: ReportType, publisherId: string, today: string): ReportQuery {
  const range = presetDays(view.preset, today, view.from && view.to ? { from: view.from, to: view.to } : null);
  return {
    reportType,
    publisherId,
    dateFrom: range.from,
    dateTo: range.to,
    dimensions: view.dimensions as DimensionKey[],
    metrics: view.metrics as MetricKey[],
    interval: view.interval,
    filters: view.filters as ReportFilter[],
    ...(view.sort ? { sort: view.sort } : {}),
  };
}

/**
 * Queues every schedule that is due at `now`: for each, in ONE transaction, the run row (its
 * primary key is (report, due time)), the export row, the export job, and next_run_at moved on.
 * The due rows are locked with SKIP LOCKED, so two processes split the work and never take the
 * same schedule; a crash before commit leaves the schedule due, so a restart sends it, once.
 * After a long outage only the latest missed run is sent (next_run_at moves past now).
 */
export async function queueDueReportRuns(db: Db, jobs: JobQueue, now: Date = new Date()): Promise<number> {
  return inTransaction(db, async (trx) => {
    const repo = savedReportsRepo(trx);
    const reports = reportsRepo(trx);
    const due = await repo.lockDue(now, BATCH);
    let queued = 0;
    for (const s of due) {
      // Each run re-checks its owner's access: a run without it is skipped and the schedule paused.
      if (await pauseWithoutAccess(trx, jobs, s)) continue;
      const timeZone = s.time_zone ?? DEFAULT_REPORTING_TIME_ZONE;
      const dueAt = new Date(s.next_run_at);
      if (await repo.insertRun(s.saved_report_id, dueAt)) {
        const query = viewToQuery(s.view as SavedReportView, s.report_type as ReportType, s.publisher_id, todayIn(timeZone, dueAt));
        const reportJobId = await reports.insertJob({
          userId: s.owner_user_id,
          publisherId: s.publisher_id,
          reportType: s.report_type,
          delivery: 'email',
          format: s.format === 'xlsx' ? 'xlsx' : 'csv',
          request: query,
          dateFrom: query.dateFrom,
          dateTo: query.dateTo,
        });
        const jobId = await jobs.enqueue<ReportExportPayload>(
          REPORT_EXPORT_QUEUE,
          { reportJobId },
          { dedupeKey: reportJobId, maxAttempts: 3, db: trx },
        );
        await reports.attachQueueJob(reportJobId, jobId);
        await repo.attachRunJob(s.saved_report_id, dueAt, reportJobId);
        queued += 1;
      }
      const after = dueAt.getTime() > now.getTime() ? dueAt : now;
      await repo.advance(s.saved_report_id, nextRunAfter(s.frequency as ScheduleFrequency, after, timeZone));
    }
    return queued;
  });
}

/** Every minute, in every process: queue the due report e-mails (safe to run concurrently). */
export function scheduleReportRuns(db: Db, jobs: JobQueue, log: Logger): PeriodicTask {
  return every({ firstAfterMs: 5_000, everyMs: CHECK_EVERY_MS, log, failure: 'scheduled report queueing failed' }, async () => {
    const n = await queueDueReportRuns(db, jobs);
    if (n) log.info({ runs: n }, 'scheduled reports queued');
  });
}
