import { formatDateTime } from '@pc/contracts';
import type { Mailer } from '../../mail/mailer';

export const PAYMENT_SETTINGS_MAIL_QUEUE = 'payment-settings-mail';
export interface SettingsMailPayload {
  publisherName: string;
  to: string[];
  actor: string;
  what: string;
  /** When the change was made: an ISO timestamp (older jobs: 'YYYY-MM-DD HH:MM' in UTC). */
  at: string;
}

/** Jobs queued before the payload carried an ISO timestamp wrote the UTC minute without a zone. */
const when = (at: string) => (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(at) ? `${at.replace(' ', 'T')}Z` : at);

/** Tells every user of the publisher that its payment settings changed (queued with the change itself). */
export function settingsMailHandler(mailer: Mailer, productName: string) {
  return async (job: { payload: SettingsMailPayload }) => {
    const p = job.payload;
    for (const to of p.to)
      await mailer.send({
        to,
        subject: `${productName}: payment settings of ${p.publisherName} changed`,
        text:
          `${p.what} for ${p.publisherName} by ${p.actor} at ${formatDateTime(when(p.at), 'UTC')}.\n\n` +
          `Bank details are shown masked in ${productName}. If you did not expect this change, contact support at once: ` +
          `payments go to the details on file when they are approved.\n`,
      });
  };
}
