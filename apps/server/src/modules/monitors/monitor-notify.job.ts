import type { Db } from '../../db/pool';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { Mailer } from '../../mail/mailer';
import type { WebhookEventPublisher } from '../integrations/webhook-events';

export const MONITOR_NOTIFY_QUEUE = 'monitor-notify';

/** A state change of one monitor: down (after its retries), up again, certificate inside its warning window. */
export interface MonitorEvent {
  change: 'down' | 'up' | 'certificate';
  monitorId: string;
  publisherId: string;
  siteId: string | null;
  name: string;
  url: string;
  /** When the check that changed the state ran (ISO). */
  at: string;
  reason: string | null;
  httpStatus: number | null;
  certExpiresAt: string | null;
  incidentId: string | null;
}

/** One job per recipient, so a retry after an SMTP failure never re-sends to those already served. */
export interface MonitorNotifyPayload {
  to: string;
  event: MonitorEvent;
}

const WEBHOOK_TYPE = { down: 'monitor.down', up: 'monitor.up', certificate: 'monitor.certificate_expiring' } as const;

export function monitorMessage(e: MonitorEvent, productName: string, publicUrl: string): { subject: string; text: string } {
  const link = `${publicUrl}/uptime-monitoring/${e.monitorId}`;
  const when = `${e.at.slice(0, 16).replace('T', ' ')} UTC`;
  if (e.change === 'down')
    return {
      subject: `${productName}: ${e.name} is down`,
      text:
        `${e.name} (${e.url}) is down since ${when}: ${e.reason ?? 'the check failed'}.\n` +
        `An incident was opened; it is resolved when the monitor is up again.\n\nSee the monitor at ${link}\n`,
    };
  if (e.change === 'up')
    return {
      subject: `${productName}: ${e.name} is up again`,
      text: `${e.name} (${e.url}) is up again since ${when}; its incident is resolved.\n\nSee the monitor at ${link}\n`,
    };
  const day = e.certExpiresAt?.slice(0, 10) ?? 'soon';
  return {
    subject: `${productName}: the TLS certificate of ${e.name} expires on ${day}`,
    text:
      `The TLS certificate of ${e.name} (${e.url}) expires on ${day}. Renew it before then, or visitors will see a security warning.\n\n` +
      `See the monitor at ${link}\n`,
  };
}

/**
 * What the scheduler calls inside the transaction that stores the state change: the monitor's own
 * `notifyEmails` get one e-mail each (queued, so they exist exactly when the change commits) and
 * the publisher's signed webhook subscriptions (Integrations) get `monitor.down` / `monitor.up` /
 * `monitor.certificate_expiring` through the shared webhook core (HMAC, retries, delivery log).
 */
export function createMonitorNotifier(deps: { jobs: Pick<JobQueue, 'enqueue'>; publishWebhookEvent?: WebhookEventPublisher }) {
  return async (trx: Db, e: MonitorEvent, recipients: string[]): Promise<void> => {
    for (const to of new Set(recipients.map((r) => r.trim().toLowerCase()).filter(Boolean)))
      await deps.jobs.enqueue<MonitorNotifyPayload>(MONITOR_NOTIFY_QUEUE, { to, event: e }, { db: trx, maxAttempts: 5 });
    await deps.publishWebhookEvent?.(trx, e.publisherId, {
      type: WEBHOOK_TYPE[e.change],
      summary: monitorMessage(e, '', '').subject.replace(/^: /, ''),
      data: { ...e },
    });
  };
}
export type MonitorNotifier = ReturnType<typeof createMonitorNotifier>;

export function monitorNotifyHandler(mailer: Mailer, productName: string, publicUrl: string) {
  return async (job: { payload: MonitorNotifyPayload }) => {
    const { subject, text } = monitorMessage(job.payload.event, productName, publicUrl);
    await mailer.send({ to: job.payload.to, subject, text });
  };
}
