import { startDemoTargets } from './demo/demo-targets';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import { createTargetCheck } from '../../lib/outbound/target-check';
import { defineArea, type Platform } from '../../platform/area';
import type { IncidentsService } from '../incidents';
import type { WebhookEventPublisher } from '../integrations';
import {
  MONITOR_DIGEST_QUEUE,
  MONITOR_NOTIFY_QUEUE,
  createMonitorNotifier,
  monitorDigestHandler,
  monitorNotifyHandler,
  type MonitorDigestPayload,
  type MonitorNotifyPayload,
} from './monitor-notify.job';
import { createRecipientConfirmations } from './monitor-recipients.service';
import { createMonitorScheduler } from './monitor-scheduler';
import { monitorsRoutes } from './monitors.routes';
import { createMonitorsService } from './monitors.service';

export { seedDemoMonitors } from './demo/seed-demo-monitors';
export type { MonitorsService } from './monitors.service';
export type { MonitorScheduler } from './monitor-scheduler';

interface MonitorsNeeds {
  incidents: IncidentsService;
  publishWebhookEvent: WebhookEventPublisher;
}

/** Uptime monitors: their checks (the scheduler), down/up e-mails and digests, and incidents. */
export const monitorsArea = defineArea({
  name: 'monitors',
  async setup(platform, needs: MonitorsNeeds) {
    const { config, db, jobs, mailer, publicUrl, deps, demoMode, startWorkers } = platform;
    // Demo mode: the demo monitors check pages of a loopback listener of their own; exactly its
    // ip:port (and the demo's closed port) is allowed, never this server's port or any other.
    const demoTargets = demoMode ? await startDemoTargets() : null;
    const targets = { allowHosts: config.OUTBOUND_ALLOW_HOSTS, allowEndpoints: demoTargets?.endpoints ?? [] };
    // Shared by the scheduler and the service's "test now", so both obey the same allow-list.
    const fetch = deps.monitorsFetch ?? createGuardedFetch({ ...targets, userAgent: 'PartnersCenter-Uptime/1.0' });
    const scheduler = createMonitorScheduler({
      db,
      fetch,
      incidents: needs.incidents,
      notify: createMonitorNotifier({
        jobs,
        publishWebhookEvent: needs.publishWebhookEvent,
        digest: { threshold: config.UPTIME_DIGEST_THRESHOLD, windowSeconds: config.UPTIME_DIGEST_WINDOW_SECONDS },
      }),
      log: platform.logger,
      concurrency: config.UPTIME_CONCURRENCY,
      rawRetentionDays: config.UPTIME_RAW_RETENTION_DAYS,
      rollupRetentionDays: config.UPTIME_ROLLUP_RETENTION_DAYS,
    });
    if (startWorkers && config.UPTIME_SCHEDULER) scheduler.start();
    const recipients = createRecipientConfirmations({ db, mailer, productName: config.PRODUCT_NAME, publicUrl });
    const monitors = createMonitorsService({
      db,
      fetch,
      // The save-time address check shares the checks' allowances.
      checkTarget: createTargetCheck(targets),
      recipients,
      limits: {
        maxMonitors: config.UPTIME_MAX_MONITORS,
        minIntervalSeconds: config.UPTIME_MIN_INTERVAL_SECONDS,
        rawRetentionDays: config.UPTIME_RAW_RETENTION_DAYS,
      },
      incidents: needs.incidents,
    });
    return {
      provides: {
        monitors,
        /** Uptime checks; started with the workers unless UPTIME_SCHEDULER=false (tests drain it by hand). */
        monitorScheduler: scheduler,
        /** Demo mode: the port of the demo monitors' own target listener (demo/demo-targets.ts); null otherwise. */
        demoTargetsPort: demoTargets?.port ?? null,
      },
      workers: monitorWorkers(platform),
      running: [scheduler],
      routes: async (app) => {
        await app.register(monitorsRoutes, { monitors, recipients });
      },
      close: async () => {
        if (!deps.monitorsFetch) await fetch.close();
        await demoTargets?.close();
      },
    };
  },
});

/** Down/up/certificate e-mails to each monitor's notifyEmails and the publisher's users, and alert storms' digests. */
function monitorWorkers({ config, db, jobs, mailer, publicUrl, pollMs }: Platform) {
  const monitorNotifications = jobs.work<MonitorNotifyPayload>(
    MONITOR_NOTIFY_QUEUE,
    monitorNotifyHandler(mailer, config.PRODUCT_NAME, publicUrl.replace(/\/$/, ''), config.UPTIME_DIGEST_WINDOW_SECONDS),
    { pollMs, concurrency: 1, leaseMs: 60_000 },
  );
  const monitorDigests = jobs.work<MonitorDigestPayload>(MONITOR_DIGEST_QUEUE, monitorDigestHandler(db, jobs), {
    pollMs,
    concurrency: 1,
    leaseMs: 60_000,
  });
  return { monitorNotifications, monitorDigests };
}
