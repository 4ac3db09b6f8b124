import path from 'node:path';
import { defineArea } from '../../platform/area';
import type { IncidentsService } from '../incidents';
import type { WebhookEventPublisher } from '../integrations';
import { revenueAnomaliesRoutes } from './anomalies/revenue-anomalies.routes';
import {
  REVENUE_SCAN_QUEUE,
  SCAN_CONCURRENCY,
  revenueScanHandler,
  scheduleRevenueScans,
  type RevenueScanPayload,
} from './anomalies/revenue-scan.job';
import { createExportEncoder } from './export/export-encoder';
import { REPORT_EXPORT_QUEUE, reportExportHandler } from './report-export.job';
import { withReportHistory } from './report-history';
import { reportListRoutes } from './report-list.routes';
import { reportsRepo } from './reports.repo';
import { reportsRoutes } from './reports.routes';
import { createReportsService } from './reports.service';
import { revenueChangeLine } from './revenue-change/revenue-change-mail';
import { revenueChangeRoutes } from './revenue-change/revenue-change.routes';
import { scheduleReportRuns } from './saved/report-schedule.job';
import { savedReportsRoutes } from './saved/saved-reports.routes';
import { createSavedReportsService } from './saved/saved-reports.service';

export { queueRevenueScans } from './anomalies/revenue-scan-queue';
export { generateDemoFacts, type DemoOptions } from './demo/demo-facts';
export { ingestFile, ingestPath, ingestSource, type IngestOutcome } from './ingest/ingest-file';
export { notifyReportsChanged } from '../../platform/report-cache';
export { reportingCalendarOf } from './reporting-calendar';

interface ReportsNeeds {
  incidents: IncidentsService;
  publishWebhookEvent: WebhookEventPublisher;
}

/** Reports, their exports and schedules, saved reports, revenue change and the daily revenue anomaly scan. */
export const reportsArea = defineArea({
  name: 'reports',
  async setup({ config, db, jobs, mailer, engine, cpuPool, publicUrl, dataDir, pollMs, startWorkers, logger }, needs: ReportsNeeds) {
    const repo = reportsRepo(db);
    const exportEncoder = createExportEncoder(cpuPool);
    const reportsService = createReportsService({
      db,
      repo,
      engine,
      exportEncoder,
      jobs,
      directDownloadMaxRows: config.REPORT_DIRECT_DOWNLOAD_MAX_ROWS,
    });
    // The plan's report history (reports.history_extension_days) is checked in front of the service.
    const reports = withReportHistory(reportsService, db);
    // Exports hold the single DuckDB writer: one at a time, with a long lease.
    const reportExports = jobs.work(
      REPORT_EXPORT_QUEUE,
      reportExportHandler({
        repo,
        engine,
        encoder: exportEncoder,
        mailer,
        exportsDir: config.EXPORTS_DIR ? path.resolve(config.EXPORTS_DIR) : path.join(dataDir, 'exports'),
        productName: config.PRODUCT_NAME,
        publicUrl,
        attachmentMaxBytes: Math.round(config.REPORT_ATTACHMENT_MAX_MB * 1024 * 1024),
        webhooks: { db, publish: needs.publishWebhookEvent },
        changeLine: revenueChangeLine({ db, engine }),
        testPauseMs: config.NODE_ENV === 'production' ? 0 : config.REPORT_EXPORT_TEST_PAUSE_MS,
      }),
      { pollMs, concurrency: 1, leaseMs: config.REPORT_EXPORT_LEASE_SECONDS * 1000 },
    );
    // The daily revenue anomaly scan, one job per publisher.
    const revenueScans = jobs.work<RevenueScanPayload>(
      REVENUE_SCAN_QUEUE,
      revenueScanHandler({ db, engine, incidents: needs.incidents }, logger),
      { pollMs: config.REVENUE_SCAN ? pollMs : 0, concurrency: SCAN_CONCURRENCY, leaseMs: 5 * 60_000 },
    );
    const schedules = startWorkers
      ? [scheduleReportRuns(db, jobs, logger), ...(config.REVENUE_SCAN ? [scheduleRevenueScans(db, logger)] : [])]
      : [];
    return {
      provides: {},
      workers: { reportExports, revenueScans },
      schedules,
      routes: async (app) => {
        await app.register(reportListRoutes, { reports });
        await app.register(reportsRoutes, { reports });
        await app.register(revenueChangeRoutes, { reports });
        await app.register(revenueAnomaliesRoutes, { incidents: needs.incidents });
        await app.register(savedReportsRoutes, { saved: createSavedReportsService({ db }) });
      },
    };
  },
});
