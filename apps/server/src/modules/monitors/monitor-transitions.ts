import { formatDay } from '@pc/contracts';
import type { Db } from '../../db/pool';
import type { IncidentsService } from '../incidents';
import type { CheckOutcome } from './monitor-checker';
import type { MonitorEvent } from './monitor-event';
import { certKey, downKey, incidentSubject } from './monitor-incident-keys';
import type { MonitorNotifier } from './monitor-notify.job';
import type { ClaimedMonitor } from './monitor-schedule.repo';

/** What a stored check changes beyond the monitor's row. */
export type MonitorTransitions = (trx: Db, m: ClaimedMonitor, r: CheckOutcome, status: string) => Promise<void>;

/**
 * The alerting of a stored check, in its transaction: an incident opened when the monitor goes
 * down or its certificate nears expiry, resolved when it is up again or renewed, and the
 * notifier's e-mails and webhook events for each change.
 */
export function monitorTransitions({
  incidents,
  notify,
}: {
  incidents: Pick<IncidentsService, 'report' | 'resolveByKey'>;
  notify?: MonitorNotifier;
}): MonitorTransitions {
  return async function transitions(trx: Db, m: ClaimedMonitor, r: CheckOutcome, status: string) {
    // With a notifier, monitor changes are mailed by it (one per address, digests); the incident's own mail would double them.
    const mail = !notify;
    const base = {
      publisherId: m.publisher_id,
      siteId: m.site_id,
      subject: m.site_id ? null : incidentSubject(m.url),
      category: 'Uptime',
      mail,
    };
    const changes: { change: MonitorEvent['change']; incidentId: string | null }[] = [];
    if (status === 'down' && m.status !== 'down') {
      const { id } = await incidents.report(
        {
          ...base,
          type: 'downtime',
          severity: 'high',
          key: downKey(m.id),
          title: `${m.name} is down: ${r.error ?? 'check failed'}`,
          detail: { url: m.url, httpStatus: r.httpStatus, error: r.error, at: r.at },
        },
        trx,
      );
      changes.push({ change: 'down', incidentId: id });
    }
    // "Up again" only after a down: a new monitor's first success or a pause is no recovery.
    if (status === 'up' && m.status === 'down') {
      await incidents.resolveByKey(m.publisher_id, downKey(m.id), 'The monitor is up again.', trx, { mail });
      changes.push({ change: 'up', incidentId: null });
    }
    if (r.certWarning && !m.cert_warning) {
      const { id } = await incidents.report(
        {
          ...base,
          type: 'certificate',
          severity: 'medium',
          category: 'TLS certificate',
          key: certKey(m.id),
          title: `The TLS certificate of ${m.name} expires on ${r.certExpiresAt ? formatDay(r.certExpiresAt.slice(0, 10)) : 'soon'}`,
          detail: { url: m.url, certExpiresAt: r.certExpiresAt },
        },
        trx,
      );
      changes.push({ change: 'certificate', incidentId: id });
    }
    if (!r.certWarning && m.cert_warning && r.certExpiresAt)
      await incidents.resolveByKey(m.publisher_id, certKey(m.id), 'The certificate was renewed.', trx);
    if (changes.length === 0 || !notify) return;
    // Read here, not in every claim: state changes are rare, checks are not.
    const row = await trx.selectFrom('monitors').select('notify_emails').where('id', '=', m.id).executeTakeFirst();
    for (const c of changes)
      await notify(
        trx,
        {
          ...c,
          monitorId: m.id,
          publisherId: m.publisher_id,
          siteId: m.site_id,
          name: m.name,
          url: m.url,
          at: r.at,
          reason: r.error,
          httpStatus: r.httpStatus,
          certExpiresAt: r.certExpiresAt,
        },
        row?.notify_emails ?? [],
      );
  };
}
