import { formatDateTime } from '@pc/contracts';
import { publisherRecipients } from '../../mail/publisher-recipients';
import type { Db } from '../../db/pool';
import type { Mailer } from '../../mail/mailer';
import { incidentsRepo } from './incidents.repo';

export const INCIDENT_NOTIFY_QUEUE = 'incident-notify';
export interface IncidentNotifyPayload {
  incidentId: string;
  change: 'opened' | 'reopened' | 'resolved';
  /** The reporting module's own words (the ads.txt alert), sent instead of the generic text. */
  message?: { subject: string; text: string };
}

/**
 * One message per state change, queued in the transaction that made the change. Sent to the
 * publisher's own users through the mailer (outbox / SMTP).
 */
export function incidentNotifyHandler(db: Db, mailer: Mailer, productName: string, publicUrl: string) {
  return async (job: { payload: IncidentNotifyPayload }) => {
    const inc = await incidentsRepo(db).get(job.payload.incidentId);
    if (!inc) return;
    const verb = { opened: 'New incident', reopened: 'Incident reopened', resolved: 'Incident resolved' }[job.payload.change];
    const where = inc.site_name ? ` on ${inc.site_name}` : '';
    const own = job.payload.message;
    for (const to of await publisherRecipients(db, inc.publisher_id))
      await mailer.send(
        own
          ? { to, subject: own.subject, text: `${own.text}\n\nIncident: ${publicUrl}/incidents\n` }
          : {
              to,
              subject: `${productName}: ${verb}${where}: ${inc.title}`,
              text:
                `${verb}${where}: ${inc.title}\n` +
                `Type: ${inc.type}, severity: ${inc.severity}, category: ${inc.category}, occurrences: ${inc.occurrence_count}.\n` +
                `Last occurrence: ${formatDateTime(inc.last_occurrence, 'UTC')}.\n\n` +
                `See and acknowledge it at ${publicUrl}/incidents\n`,
            },
      );
  };
}
