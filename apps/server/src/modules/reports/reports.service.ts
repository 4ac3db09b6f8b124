import { HttpError, notFound } from '../../lib/http-error';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { ReportEngine, ReportQuery, ReportResult } from '../../report-engine/report-engine';
import { ReportQueryError } from '../../report-engine/report-engine';
import { REPORT_EXPORT_QUEUE, openExport, type ReportExportPayload } from './report-export.job';
import type { ReportCallQuery, ReportDay, ReportListItem, RevenueChange, RevenueChangeQueryParsed } from '@pc/contracts';
import { toEngineQuery } from './report-request';
import { reportsRepo, type ReportsRepo } from './reports.repo';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { DIRECT_DOWNLOAD_MAX_ROWS, ROW_LIMIT } from '@pc/contracts';
import { homeSummary } from './home-summary';
import { reportingCalendarOf } from './reporting-calendar';
import { comparedDays, revenueChange } from './revenue-change/revenue-change';
import { changeSplitsOf } from './revenue-change/change-splits';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ExportEncoder } from './export/export-encoder';
import { exportReport, resultSource } from './export/export-report';
import { parseFilterParam, type ReportComparison } from '@pc/contracts';
import { comparisonOf, comparisonQuery, readingFrom, requestedComparison } from './period-comparison';
import { exportNotes, type StoredExportRequest } from './export/export-notes';
import { revenueChangeLine } from './revenue-change/revenue-change-mail';
import { publisherRecords } from '../publishers';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV_TYPE = 'text/csv; charset=utf-8';

export interface ReportContext {
  uid: string;
  publisherId: string;
  /** The plan's first report day (report-history.ts): compared days before it are not read. */
  historyFrom?: ReportDay;
}

export function createReportsService(deps: {
  db: Db;
  repo: ReportsRepo;
  engine: ReportEngine;
  /** Encodes files in worker threads; without it, in this thread (same bytes). */
  exportEncoder?: ExportEncoder;
  jobs: JobQueue;
  now?: () => Date;
  /** Reports up to this many rows download at once, without a job. */
  directDownloadMaxRows?: number;
}) {
  const now = deps.now ?? (() => new Date());
  const directMax = deps.directDownloadMaxRows ?? DIRECT_DOWNLOAD_MAX_ROWS;
  /** The engine's answer: the platform's engine answers repeated reads from its cache (platform/cached-report-engine.ts). */
  const query = (q: ReportQuery) => deps.engine.query(q);
  const calendarOf = (publisherId: string) => reportingCalendarOf(deps.db, publisherId, now());
  const publishers = publisherRecords(deps.db);
  /** A file's "What changed" line, from the same (cached) queries as the revenue-change endpoint. */
  const changeLine = revenueChangeLine({ db: deps.db, engine: { query }, now });
  return {
    /**
     * "Yesterday" and "month to date" are calendar days of the publisher's reporting time zone, like
     * the reports: at 01:00 in Auckland, yesterday is Auckland's yesterday, not UTC's.
     */
    async homeSummary(publisherId: string) {
      const [currency, { timeZone, today }] = await Promise.all([publishers.currencyOf(publisherId), calendarOf(publisherId)]);
      return { currency, timeZone, today, ...(await homeSummary({ query }, publisherId, today)) };
    },

    /** Why revenue moved between two periods (revenue-change/), in the publisher's currency and calendar. */
    async revenueChange(ctx: ReportContext, q: RevenueChangeQueryParsed): Promise<RevenueChange> {
      const range = { from: q.from, to: q.to };
      const [currency, { today }] = await Promise.all([publishers.currencyOf(ctx.publisherId), calendarOf(ctx.publisherId)]);
      const filters = parseFilterParam(q.filters);
      const scope = { publisherId: ctx.publisherId, filters: 'filters' in filters ? filters.filters : [] };
      // The splits from the engine in one statement where it can (ClickHouse), else through `query`.
      const read = readingFrom(ctx.historyFrom, query);
      const change = await revenueChange(read, scope, range, comparedDays(range, q), today, changeSplitsOf(deps.engine, read));
      return { currency, ...change };
    },

    /**
     * The interactive report: at most 500 rows, totals over all, in the publisher's currency; with
     * `compare`, the compared days' totals and each total's change (period-comparison.ts).
     */
    async run(
      ctx: ReportContext,
      q: ReportCallQuery,
    ): Promise<ReportResult & { currency: string; rowLimit: number; comparison?: ReportComparison }> {
      try {
        const current = toEngineQuery(q, ctx.publisherId, ROW_LIMIT);
        const compared = requestedComparison(q, { from: current.dateFrom, to: current.dateTo });
        // The currency lookup (PostgreSQL) runs alongside the report (DuckDB): it adds no wait.
        const [currency, result, before, calendar] = await Promise.all([
          publishers.currencyOf(ctx.publisherId),
          query(current),
          compared ? readingFrom(ctx.historyFrom, query)(comparisonQuery(current, compared)) : null,
          compared ? calendarOf(ctx.publisherId) : null,
        ]);
        const comparison = compared && before && calendar ? comparisonOf(current, result, compared, before, calendar.today) : undefined;
        return { ...result, currency, rowLimit: ROW_LIMIT, ...(comparison ? { comparison } : {}) };
      } catch (err) {
        if (err instanceof ReportQueryError) throw new HttpError(400, err.message, 'ValidationError', { request: err.message });
        throw err;
      }
    },

    /**
     * A small report as a file in the answer itself: no job, no banner, no wait. Larger reports are
     * refused with 413 so the page falls back to a background export; the file is built in memory,
     * which the row cap keeps small (a few hundred kB). The rows are one report call of up to the
     * cap, through the report cache: downloading what is on screen again reads no facts. A revenue
     * report with `compare` carries its "What changed" sentence after the table (export-notes.ts).
     */
    async downloadNow(ctx: ReportContext, q: ReportCallQuery) {
      const report = toEngineQuery(q, ctx.publisherId);
      const format = q.format ?? 'csv';
      const chunks: Buffer[] = [];
      const sink = new PassThrough();
      sink.on('data', (c: Buffer) => chunks.push(c));
      const ended = once(sink, 'end');
      const compared = requestedComparison(q, { from: report.dateFrom, to: report.dateTo });
      try {
        const [result, notes, currency] = await Promise.all([
          query({ ...report, limit: directMax }),
          exportNotes(changeLine, report, compared),
          publishers.currencyOf(ctx.publisherId),
        ]);
        if (result.totalRows > directMax)
          throw new HttpError(
            413,
            `This report has ${result.totalRows} rows; up to ${directMax} download at once. Export it to a file instead: it is prepared in the background.`,
            'TooLarge',
          );
        await exportReport(resultSource(result), report, format, sink, deps.exportEncoder, notes, currency);
      } catch (err) {
        if (err instanceof ReportQueryError) throw new HttpError(400, err.message, 'ValidationError', { request: err.message });
        throw err;
      }
      if (!sink.writableEnded) sink.end();
      await ended;
      const body = Buffer.concat(chunks);
      return {
        body,
        filename: `${q.reportType}-report-${report.dateFrom}-to-${report.dateTo}.${format}`,
        contentType: format === 'xlsx' ? XLSX_TYPE : CSV_TYPE,
      };
    },

    /** exportReportToFile / emailReportOutput: a durable job; the list shows it until it is done. */
    async createExport(ctx: ReportContext, q: ReportCallQuery, delivery: 'file' | 'email') {
      const query = toEngineQuery(q, ctx.publisherId);
      const format = q.format ?? 'csv';
      // The compared days are fixed now, like the range: the file explains what was asked for.
      const compared = requestedComparison(q, { from: query.dateFrom, to: query.dateTo });
      // The currency is fixed now too: the file's money headers name it (export/export-report.ts).
      const currency = await publishers.currencyOf(ctx.publisherId);
      const request: StoredExportRequest = { ...query, ...(compared ? { compared } : {}), currency };
      // The report row and its queued job commit together: a failed enqueue leaves no export
      // stuck in "queued" (src/db/transaction.ts).
      const id = await inTransaction(deps.db, async (trx) => {
        const repo = reportsRepo(trx);
        const reportId = await repo.insertJob({
          userId: ctx.uid,
          publisherId: ctx.publisherId,
          reportType: q.reportType,
          delivery,
          format,
          request,
          dateFrom: query.dateFrom,
          dateTo: query.dateTo,
        });
        const jobId = await deps.jobs.enqueue<ReportExportPayload>(
          REPORT_EXPORT_QUEUE,
          { reportJobId: reportId },
          { dedupeKey: reportId, maxAttempts: 3, db: trx },
        );
        await repo.attachQueueJob(reportId, jobId);
        return reportId;
      });
      return { reportId: id, status: 'queued' as const, delivery };
    },

    /** GET partner-center/reports: the caller's exported reports, in the contract's shape. */
    async listExports(ctx: ReportContext): Promise<ReportListItem[]> {
      const rows = await deps.repo.listJobs(ctx.uid, ctx.publisherId);
      return rows.map((j) => ({
        id: j.id,
        type: j.report_type as ReportListItem['type'],
        isNew: j.is_new,
        status: j.status as ReportListItem['status'],
        format: j.format as ReportListItem['format'],
        delivery: j.delivery as ReportListItem['delivery'],
        created: j.created_at.toISOString(),
        dateFrom: j.date_from,
        dateTo: j.date_to,
      }));
    },

    /** reportId + exportReportToFile: the finished file; downloading marks it as seen. */
    async download(ctx: ReportContext, reportId: string) {
      const job = await deps.repo.findOwnedJob(reportId, ctx.uid, ctx.publisherId);
      if (!job) throw notFound('This report does not exist or belongs to someone else.');
      if (job.status !== 'done' || !job.file_path)
        throw new HttpError(409, 'This report is still being prepared. Try again in a moment.', 'NotReady');
      const file = await openExport(job.file_path).catch(() => {
        throw new HttpError(410, 'This report file is no longer available. Export it again.', 'Gone');
      });
      await deps.repo.markSeen(job.id);
      const filename = `${job.report_type}-report-${job.date_from}-to-${job.date_to}.${job.format}`;
      const contentType = job.format === 'xlsx' ? XLSX_TYPE : CSV_TYPE;
      return { ...file, filename, contentType };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
