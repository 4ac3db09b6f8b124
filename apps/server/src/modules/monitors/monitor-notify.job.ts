import { formatDateTime, formatDay } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { Mailer } from '../../mail/mailer';
import { publisherRecipients } from '../../mail/publisher-recipients';
import type { WebhookEventPublisher } from '../integrations';
import { monitorAlertsRepo } from './monitor-alerts.repo';
import type { MonitorEvent } from './monitor-event';
import { monitorRecipientsRepo } from './monitor-recipients.repo';

export const MONITOR_NOTIFY_QUEUE = 'monitor-notify';
export const MONITOR_DIGEST_QUEUE = 'monitor-digest';

/** One job per recipient, so a retry after an SMTP failure never re-sends to those already served. */
export type MonitorNotifyPayload = { to: string; event: MonitorEvent } | { to: string; digest: MonitorEvent[] };
export interface MonitorDigestPayload {
  publisherId: string;
}

/** Alert storms: within `windowSeconds`, a publisher's first `threshold` changes are mailed one by one, the rest in one digest. */
export interface DigestOptions {
  threshold: number;
  windowSeconds: number;
}

const WEBHOOK_TYPE = { down: 'monitor.down', up: 'monitor.up', certificate: 'monitor.certificate_expiring' } as const;

/** How long a monitor name may be inside an alert's subject and text. */
export const MAX_NAME_IN_MAIL = 80;

/**
 * A publisher-written name as alert mails carry it: control characters (CR/LF among them, which
 * would start new header lines or fake a new paragraph) become spaces, runs of spaces one, and the
 * result is cut at MAX_NAME_IN_MAIL characters with an ellipsis: a subject holds one short name,
 * never a paragraph of publisher-written text in the product's voice.
 */
const isControl = (c: string) => {
  const code = c.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
};

export function plainName(name: string): string {
  const flat = [...name]
    .map((c) => (isControl(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...flat];
  return chars.length > MAX_NAME_IN_MAIL
    ? `${chars
        .slice(0, MAX_NAME_IN_MAIL - 1)
        .join('')
        .trimEnd()}…`
    : flat;
}

export function monitorMessage(event: MonitorEvent, productName: string, publicUrl: string): { subject: string; text: string } {
  const e = { ...event, name: plainName(event.name) };
  const link = `${publicUrl}/uptime-monitoring/${e.monitorId}`;
  const when = formatDateTime(e.at, 'UTC');
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
  const day = e.certExpiresAt ? formatDay(e.certExpiresAt.slice(0, 10)) : 'soon';
  return {
    subject: `${productName}: the TLS certificate of ${e.name} expires on ${day}`,
    text:
      `The TLS certificate of ${e.name} (${e.url}) expires on ${day}. Renew it before then, or visitors will see a security warning.\n\n` +
      `See the monitor at ${link}\n`,
  };
}

const line = (event: MonitorEvent): string => {
  const e = { ...event, name: plainName(event.name) };
  const when = formatDateTime(e.at, 'UTC');
  if (e.change === 'down') return `- ${e.name} (${e.url}) is down since ${when}: ${e.reason ?? 'the check failed'}`;
  if (e.change === 'up') return `- ${e.name} (${e.url}) is up again since ${when}`;
  return `- the TLS certificate of ${e.name} (${e.url}) expires on ${e.certExpiresAt ? formatDay(e.certExpiresAt.slice(0, 10)) : 'soon'}`;
};

export function digestMessage(events: MonitorEvent[], productName: string, publicUrl: string, windowSeconds: number) {
  const n = (change: MonitorEvent['change']) => events.filter((e) => e.change === change).length;
  const counts = [
    [n('down'), 'down'],
    [n('up'), 'up again'],
    [n('certificate'), 'certificate expiring'],
  ]
    .filter(([k]) => k)
    .map(([k, what]) => `${k} ${what}`)
    .join(', ');
  return {
    subject: `${productName}: ${events.length} monitor change${events.length === 1 ? '' : 's'} (${counts})`,
    text:
      `Many of your monitors changed within ${Math.round(windowSeconds / 60) || 1} minute(s), so they are listed together ` +
      `instead of one e-mail each:\n\n${events.map(line).join('\n')}\n\n` +
      `Down monitors have open incidents at ${publicUrl}/incidents; every monitor is at ${publicUrl}/uptime-monitoring\n`,
  };
}

const addresses = (list: string[]) => [...new Set(list.map((r) => r.trim().toLowerCase()).filter(Boolean))].sort();

/**
 * What the scheduler calls inside the transaction that stores the state change. The e-mail goes to
 * the monitor's own `notifyEmails` and the publisher's users, one per address (lower-cased, so a
 * user who is also in `notifyEmails` gets it once; the incident service's own mail is not sent for
 * monitor incidents), queued so it exists exactly when the change commits. Past the digest
 * threshold the change is held and a `monitor-digest` job, queued once per storm, mails the held
 * changes together at the window's end. Every change still goes to the publisher's signed webhook
 * subscriptions (`monitor.down` / `monitor.up` / `monitor.certificate_expiring`): machines take a storm.
 */
export function createMonitorNotifier(deps: {
  jobs: Pick<JobQueue, 'enqueue'>;
  publishWebhookEvent?: WebhookEventPublisher;
  digest?: DigestOptions;
}) {
  const digest = deps.digest ?? { threshold: 5, windowSeconds: 60 };
  return async (trx: Db, e: MonitorEvent, notifyEmails: string[]): Promise<void> => {
    // Outside addresses only once they confirmed (monitor-recipients.service.ts): no relay to unverified ones.
    const confirmed = await monitorRecipientsRepo(trx).confirmed(e.publisherId, addresses(notifyEmails));
    const recipients = addresses([...confirmed, ...(await publisherRecipients(trx, e.publisherId))]);
    if (recipients.length > 0) {
      const alerts = monitorAlertsRepo(trx);
      await alerts.lock(e.publisherId);
      const { recent, pendingHeld } = await alerts.recent(e.publisherId, digest.windowSeconds);
      const held = recent >= digest.threshold;
      await alerts.insert(e.publisherId, e, recipients, held);
      if (!held)
        for (const to of recipients)
          await deps.jobs.enqueue<MonitorNotifyPayload>(MONITOR_NOTIFY_QUEUE, { to, event: e }, { db: trx, maxAttempts: 5 });
      // The first held change of a storm queues its digest; later ones join it (same lock, same job).
      else if (pendingHeld === 0)
        await deps.jobs.enqueue<MonitorDigestPayload>(
          MONITOR_DIGEST_QUEUE,
          { publisherId: e.publisherId },
          { db: trx, maxAttempts: 5, runAfter: new Date(Date.now() + digest.windowSeconds * 1000) },
        );
    }
    await deps.publishWebhookEvent?.(trx, e.publisherId, {
      type: WEBHOOK_TYPE[e.change],
      summary: monitorMessage(e, '', '').subject.replace(/^: /, ''),
      data: { ...e },
    });
  };
}
export type MonitorNotifier = ReturnType<typeof createMonitorNotifier>;

export function monitorNotifyHandler(mailer: Mailer, productName: string, publicUrl: string, windowSeconds = 60) {
  return async (job: { payload: MonitorNotifyPayload }) => {
    const p = job.payload;
    const { subject, text } =
      'digest' in p ? digestMessage(p.digest, productName, publicUrl, windowSeconds) : monitorMessage(p.event, productName, publicUrl);
    await mailer.send({ to: p.to, subject, text });
  };
}

/**
 * The digest: takes every held change of the publisher and queues one e-mail per address listing
 * the changes that address would have been sent, all in one transaction (a retry re-takes nothing twice).
 */
export function monitorDigestHandler(db: Db, jobs: Pick<JobQueue, 'enqueue'>) {
  return async (job: { payload: MonitorDigestPayload }) =>
    inTransaction(db, async (trx) => {
      const alerts = monitorAlertsRepo(trx);
      await alerts.lock(job.payload.publisherId);
      const byAddress = new Map<string, MonitorEvent[]>();
      for (const a of await alerts.takeHeld(job.payload.publisherId))
        for (const to of a.recipients) byAddress.set(to, [...(byAddress.get(to) ?? []), a.event]);
      for (const [to, events] of [...byAddress].sort(([a], [b]) => a.localeCompare(b)))
        await jobs.enqueue<MonitorNotifyPayload>(MONITOR_NOTIFY_QUEUE, { to, digest: events }, { db: trx, maxAttempts: 5 });
    });
}
