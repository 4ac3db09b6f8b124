import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from './config/env';
import type { Db } from './db/pool';
import { PASSWORD_RESET_QUEUE, passwordResetHandler, type PasswordResetPayload } from './identity/password-reset.job';
import type { IdentityService } from './identity/identity.service';
import type { Mailer } from './mail/mailer';
import type { JobQueue, Worker } from './lib/jobs/job-queue';
import { createGuardedFetch, type GuardedFetch } from './lib/outbound/guarded-fetch';
import { WEBHOOK_DELIVERY_QUEUE, webhookDeliveryHandler, type WebhookDeliveryPayload } from './lib/webhooks';
import { ADSTXT_CRAWL_QUEUE, scheduleDailyCrawls, type AdsTxtCrawlPayload } from './modules/adstxt/adstxt-crawl.job';
import type { AdsTxtService } from './modules/adstxt/adstxt.service';
import { scheduleSellersJsonRefresh } from './modules/adstxt/sellers-json/sellers-json.job';
import { SELLERS_JSON_QUEUE, type SellersJsonPayload, type SellersJsonService } from './modules/adstxt/sellers-json/sellers-json.service';
import { INCIDENT_NOTIFY_QUEUE, incidentNotifyHandler, type IncidentNotifyPayload } from './modules/incidents/incident-notify.job';
import type { IncidentsService } from './modules/incidents/incidents.service';
import type { WebhookEventPublisher } from './modules/integrations/webhook-events';
import { createMonitorScheduler, type MonitorScheduler } from './modules/monitors/monitor-scheduler';
import {
  MONITOR_DIGEST_QUEUE,
  MONITOR_NOTIFY_QUEUE,
  createMonitorNotifier,
  monitorDigestHandler,
  monitorNotifyHandler,
  type MonitorDigestPayload,
  type MonitorNotifyPayload,
} from './modules/monitors/monitor-notify.job';
import { PAYMENT_SETTINGS_MAIL_QUEUE, settingsMailHandler, type SettingsMailPayload } from './modules/payment-settings/settings-mail.job';
import type { ReportEngine } from './modules/reports/engine/report-engine';
import { REPORT_EXPORT_QUEUE, reportExportHandler } from './modules/reports/report-export.job';
import { revenueChangeLine } from './modules/reports/revenue-change/revenue-change-mail';
import {
  REVENUE_SCAN_QUEUE,
  SCAN_CONCURRENCY,
  revenueScanHandler,
  scheduleRevenueScans,
  type RevenueScanPayload,
} from './modules/reports/anomalies/revenue-scan.job';
import type { ExportEncoder } from './modules/reports/export/export-encoder';
import type { reportsRepo } from './modules/reports/reports.repo';
import { scheduleReportRuns } from './modules/reports/saved/report-schedule.job';
import {
  SERVICE_ACTIVATION_QUEUE,
  SERVICES_MAIL_QUEUE,
  servicesMailHandler,
  type ActivationPayload,
  type ServicesMailPayload,
} from './modules/services/services.jobs';
import type { ServicesService } from './modules/services/services.service';
import { TRACKING_FORWARD_QUEUE, type TrackingForwardPayload } from './modules/tracking/tracking.service';
import { trackingForwardHandler } from './modules/tracking/tracking-forward.job';
import { trackingRepo } from './modules/tracking/tracking.repo';
import type { SecretBox } from './lib/keys/secret-box';
import {
  USAGE_RETENTION_QUEUE,
  scheduleUsageRetention,
  usageRetentionHandler,
  type UsageRetentionPayload,
} from './modules/usage/usage-retention.job';

/** Every queue's worker; tests drain them by hand (`startWorkers: false` makes them not poll). */
export interface AppWorkers {
  reportExports: Worker;
  adsTxtCrawls: Worker;
  sellersJsonRefreshes: Worker;
  paymentSettingsMails: Worker;
  passwordResetMails: Worker;
  incidentNotifications: Worker;
  /** Monitor down/up/certificate e-mails to each monitor's notifyEmails and the publisher's users. */
  monitorNotifications: Worker;
  /** Alert storms: one digest e-mail per address for the changes held past UPTIME_DIGEST_THRESHOLD. */
  monitorDigests: Worker;
  /** /mp events forwarded to the analytics service (idle unless ANALYTICS_FORWARD_URL is set). */
  trackingForwards: Worker;
  usageRetention: Worker;
  serviceActivations: Worker;
  servicesMail: Worker;
  /** Outgoing webhooks (lib/webhooks): one job per delivery, retried with backoff. */
  webhookDeliveries: Worker;
  /** The daily revenue anomaly scan, one job per publisher (reports/anomalies/). */
  revenueScans: Worker;
}

export interface AppWorkersDeps {
  config: AppConfig;
  db: Db;
  logger: Logger;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  dataDir: string;
  /** False in tests: nothing polls or is scheduled; tests drain workers and run schedules by hand. */
  startWorkers: boolean;
  publishWebhookEvent: WebhookEventPublisher;
  engine: ReportEngine;
  /** Export encoding in the shared worker pool. */
  exportEncoder: ExportEncoder;
  reportsRepo: ReturnType<typeof reportsRepo>;
  identity: IdentityService;
  adsTxt: AdsTxtService;
  sellersJson: SellersJsonService;
  incidents: IncidentsService;
  services: ServicesService;
  /** Shared with the monitors service's "test now", so both obey the same allow-list. */
  monitorsFetch: GuardedFetch;
  /** Injected by tests to reach a local receiver; otherwise made (and closed) here. */
  webhooksFetch?: GuardedFetch;
  /** Opens the sealed webhook signing secrets. */
  secretBox: SecretBox;
}

export interface BackgroundWork {
  workers: AppWorkers;
  monitorScheduler: MonitorScheduler;
  /**
   * Stops schedules and workers (running jobs get SHUTDOWN_TIMEOUT_MS in total, then go back to the
   * queue) and closes the clients made here. Called from the app's onClose hook.
   */
  stop(): Promise<void>;
}

/**
 * The background half of the composition root (app.ts builds the services and routes): one worker
 * per durable queue (lib/jobs/job-queue.ts), the periodic schedules that enqueue into them, and the
 * uptime scheduler. Each worker's concurrency and lease fit its job: exports hold the single DuckDB
 * writer (concurrency 1, long lease), crawls and webhook posts wait on the network (4 at once).
 */
export function startBackgroundWork(deps: AppWorkersDeps): BackgroundWork {
  const { config, db, jobs, mailer, logger } = deps;
  const pollMs = deps.startWorkers ? 1_000 : 0;
  const siteUrl = deps.publicUrl.replace(/\/$/, '');

  const reportExports = jobs.work(
    REPORT_EXPORT_QUEUE,
    reportExportHandler({
      repo: deps.reportsRepo,
      engine: deps.engine,
      encoder: deps.exportEncoder,
      mailer,
      exportsDir: config.EXPORTS_DIR ? path.resolve(config.EXPORTS_DIR) : path.join(deps.dataDir, 'exports'),
      productName: config.PRODUCT_NAME,
      publicUrl: deps.publicUrl,
      attachmentMaxBytes: Math.round(config.REPORT_ATTACHMENT_MAX_MB * 1024 * 1024),
      webhooks: { db, publish: deps.publishWebhookEvent },
      changeLine: revenueChangeLine({ db, engine: deps.engine }),
      testPauseMs: config.NODE_ENV === 'production' ? 0 : config.REPORT_EXPORT_TEST_PAUSE_MS,
    }),
    { pollMs, concurrency: 1, leaseMs: config.REPORT_EXPORT_LEASE_SECONDS * 1000 },
  );
  const adsTxtCrawls = jobs.work<AdsTxtCrawlPayload>(
    ADSTXT_CRAWL_QUEUE,
    (job) => deps.adsTxt.crawlDomain(job.payload.publisherId, job.payload.domainId),
    { pollMs, concurrency: 4, leaseMs: 90_000 },
  );
  const sellersJsonRefreshes = jobs.work<SellersJsonPayload>(SELLERS_JSON_QUEUE, (job) => deps.sellersJson.refresh(job.payload.system), {
    pollMs,
    concurrency: 2,
    leaseMs: 300_000,
  });
  const passwordResetMails = jobs.work<PasswordResetPayload>(
    PASSWORD_RESET_QUEUE,
    passwordResetHandler((email) => deps.identity.sendPasswordResetEmail(email)),
    { pollMs, concurrency: 1, leaseMs: 60_000 },
  );
  const paymentSettingsMails = jobs.work<SettingsMailPayload>(
    PAYMENT_SETTINGS_MAIL_QUEUE,
    settingsMailHandler(mailer, config.PRODUCT_NAME),
    {
      pollMs,
      concurrency: 1,
      leaseMs: 60_000,
    },
  );
  const monitorScheduler = createMonitorScheduler({
    db,
    fetch: deps.monitorsFetch,
    incidents: deps.incidents,
    notify: createMonitorNotifier({
      jobs,
      publishWebhookEvent: deps.publishWebhookEvent,
      digest: { threshold: config.UPTIME_DIGEST_THRESHOLD, windowSeconds: config.UPTIME_DIGEST_WINDOW_SECONDS },
    }),
    log: logger,
    concurrency: config.UPTIME_CONCURRENCY,
    rawRetentionDays: config.UPTIME_RAW_RETENTION_DAYS,
    rollupRetentionDays: config.UPTIME_ROLLUP_RETENTION_DAYS,
  });
  if (deps.startWorkers && config.UPTIME_SCHEDULER) monitorScheduler.start();
  // Closed in stop() with the other outbound clients, so no kept-alive connection outlives the app.
  const trackingFetch = createGuardedFetch({
    allowHosts: config.OUTBOUND_ALLOW_HOSTS,
    userAgent: 'PartnersCenter-Analytics/1.0',
    timeoutMs: 10_000,
  });
  const trackingForwards = jobs.work<TrackingForwardPayload>(
    TRACKING_FORWARD_QUEUE,
    trackingForwardHandler({
      repo: trackingRepo(db),
      fetch: trackingFetch,
      url: config.ANALYTICS_FORWARD_URL ?? '',
      token: config.ANALYTICS_FORWARD_TOKEN,
      log: logger,
    }),
    { pollMs, concurrency: 2, leaseMs: 30_000, retryBaseMs: 5_000 },
  );
  const usageRetention = jobs.work<UsageRetentionPayload>(
    USAGE_RETENTION_QUEUE,
    usageRetentionHandler({ db, retentionDays: config.USAGE_RAW_RETENTION_DAYS, log: logger }),
    { pollMs, concurrency: 1, leaseMs: 10 * 60_000 },
  );
  const monitorNotifications = jobs.work<MonitorNotifyPayload>(
    MONITOR_NOTIFY_QUEUE,
    monitorNotifyHandler(mailer, config.PRODUCT_NAME, siteUrl, config.UPTIME_DIGEST_WINDOW_SECONDS),
    { pollMs, concurrency: 1, leaseMs: 60_000 },
  );
  const monitorDigests = jobs.work<MonitorDigestPayload>(MONITOR_DIGEST_QUEUE, monitorDigestHandler(db, jobs), {
    pollMs,
    concurrency: 1,
    leaseMs: 60_000,
  });
  const incidentNotifications = jobs.work<IncidentNotifyPayload>(
    INCIDENT_NOTIFY_QUEUE,
    incidentNotifyHandler(db, mailer, config.PRODUCT_NAME, siteUrl),
    { pollMs, concurrency: 1, leaseMs: 60_000 },
  );
  const serviceActivations = jobs.work<ActivationPayload>(
    SERVICE_ACTIVATION_QUEUE,
    (job) => deps.services.completeActivation(job.payload),
    {
      pollMs,
      concurrency: 1,
      leaseMs: 60_000,
    },
  );
  const servicesMail = jobs.work<ServicesMailPayload>(SERVICES_MAIL_QUEUE, servicesMailHandler(mailer), {
    pollMs,
    concurrency: 1,
    leaseMs: 60_000,
  });
  const webhooksFetch =
    deps.webhooksFetch ?? createGuardedFetch({ allowHosts: config.OUTBOUND_ALLOW_HOSTS, userAgent: 'PartnersCenter-Webhooks/1.0' });
  const webhookDeliveries = jobs.work<WebhookDeliveryPayload>(
    WEBHOOK_DELIVERY_QUEUE,
    webhookDeliveryHandler({ db, fetch: webhooksFetch, log: logger, secrets: deps.secretBox }),
    { pollMs, concurrency: 4, leaseMs: 60_000, retryBaseMs: config.WEBHOOK_RETRY_BASE_MS },
  );

  const revenueScans = jobs.work<RevenueScanPayload>(
    REVENUE_SCAN_QUEUE,
    revenueScanHandler({ db, engine: deps.engine, incidents: deps.incidents }, logger),
    { pollMs: config.REVENUE_SCAN ? pollMs : 0, concurrency: SCAN_CONCURRENCY, leaseMs: 5 * 60_000 },
  );

  const stopSchedules = deps.startWorkers
    ? [
        scheduleDailyCrawls(db, jobs, logger),
        scheduleSellersJsonRefresh(deps.sellersJson, logger),
        scheduleReportRuns(db, jobs, logger),
        scheduleUsageRetention(jobs, logger),
        ...(config.REVENUE_SCAN ? [scheduleRevenueScans(db, logger)] : []),
      ]
    : [];

  const workers: AppWorkers = {
    reportExports,
    adsTxtCrawls,
    sellersJsonRefreshes,
    paymentSettingsMails,
    passwordResetMails,
    incidentNotifications,
    monitorNotifications,
    monitorDigests,
    trackingForwards,
    usageRetention,
    serviceActivations,
    servicesMail,
    webhookDeliveries,
    revenueScans,
  };
  return {
    workers,
    monitorScheduler,
    async stop() {
      await Promise.all(stopSchedules.map((s) => s.stop()));
      // Every worker stops claiming at once; running jobs share one deadline.
      jobs.shutdownWithin(config.SHUTDOWN_TIMEOUT_MS);
      await Promise.all([...Object.values(workers).map((w) => w.stop()), monitorScheduler.stop()]);
      if (!deps.webhooksFetch) await webhooksFetch.close();
      await trackingFetch.close();
    },
  };
}
