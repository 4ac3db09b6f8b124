import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { randomSecret, sha256 } from '../../identity/passwords';
import { badRequest } from '../../lib/http-error';
import type { Mailer } from '../../mail/mailer';
import { publisherRecipients } from '../../mail/publisher-recipients';
import { auditRepo } from '../audit';
import { monitorRecipientsRepo } from './monitor-recipients.repo';
import { plainName } from './monitor-notify.job';

/** How long a confirmation link works; a save of the monitor after that sends a new one. */
export const RECIPIENT_LINK_HOURS = 72;
export const CONFIRM_RECIPIENT_PATH = '/api/monitors/recipients/confirm';

export interface RecipientInvite {
  email: string;
  token: string;
  publisherId: string;
}

const lower = (list: string[]) => [...new Set(list.map((e) => e.trim().toLowerCase()).filter(Boolean))];
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">` +
  `<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`;

/**
 * Outside recipients of monitor alerts confirm before they get any: an address that is not one of
 * the publisher's users gets a one-time link (stored as its SHA-256, like the e-mail-change link of
 * modules/personal-info), and the alert notifier mails only confirmed addresses and the users.
 * The link's page asks for a click (a POST) rather than confirming on GET: mail scanners that
 * open every link must not confirm for the recipient.
 */
export function createRecipientConfirmations(deps: { db: Db; mailer: Mailer; productName: string; publicUrl: string }) {
  const base = deps.publicUrl.replace(/\/$/, '');
  const invalid = () =>
    badRequest('This confirmation link is invalid or has expired.', {
      token: 'This confirmation link is invalid, was used already or has expired. Ask the publisher to save the monitor again.',
    });

  return {
    /** In the monitor's save transaction: outside addresses without a live link get one (mailed by `send` after commit). */
    async request(trx: Db, publisherId: string, emails: string[]): Promise<RecipientInvite[]> {
      const users = new Set(lower(await publisherRecipients(trx, publisherId)));
      const outside = lower(emails).filter((e) => !users.has(e));
      const known = new Map((await monitorRecipientsRepo(trx).ofPublisher(publisherId, outside)).map((r) => [r.email, r]));
      const invites: RecipientInvite[] = [];
      for (const email of outside) {
        const row = known.get(email);
        const live = row?.token_hash && row.requested_at.getTime() > Date.now() - RECIPIENT_LINK_HOURS * 3_600_000;
        if (row?.confirmed_at || live) continue;
        const token = randomSecret();
        await monitorRecipientsRepo(trx).request(publisherId, email, sha256(token));
        invites.push({ email, token, publisherId });
      }
      return invites;
    },

    async send(invites: RecipientInvite[], publisherName: string): Promise<void> {
      for (const i of invites)
        await deps.mailer.send({
          to: i.email,
          subject: `Confirm uptime alerts from ${deps.productName}`,
          // The link's token confirms the address: only the recipient gets it (mail/mailer.ts).
          secrets: [i.token],
          text:
            `A user of the ${deps.productName} account "${plainName(publisherName)}" wants to send uptime alerts of their websites to this address.\n\n` +
            `Nothing is sent until you confirm. To receive the alerts, open this link within ${RECIPIENT_LINK_HOURS} hours and press "Confirm":\n` +
            `${base}${CONFIRM_RECIPIENT_PATH}?token=${encodeURIComponent(i.token)}\n\n` +
            `If you do not expect these alerts, ignore this e-mail: this address then gets none.\n`,
        });
    },

    /** The link's page: who asks, and a button that confirms. */
    async confirmPage(token: string): Promise<string> {
      const row = await monitorRecipientsRepo(deps.db).byToken(sha256(token), RECIPIENT_LINK_HOURS);
      if (!row) throw invalid();
      return page(
        'Confirm uptime alerts',
        `<p>The ${escapeHtml(deps.productName)} account "${escapeHtml(plainName(row.publisher_name))}" wants to send uptime alerts to ` +
          `<strong>${escapeHtml(row.email)}</strong>.</p>` +
          `<form method="post" enctype="text/plain" action="${CONFIRM_RECIPIENT_PATH}?token=${encodeURIComponent(token)}">` +
          `<button type="submit">Confirm</button></form><p>If you do not expect these alerts, close this page: nothing is sent.</p>`,
      );
    },

    async confirm(token: string): Promise<string> {
      const hash = sha256(token);
      const row = await inTransaction(deps.db, async (trx) => {
        const found = await monitorRecipientsRepo(trx).byToken(hash, RECIPIENT_LINK_HOURS);
        if (!found) return null;
        await monitorRecipientsRepo(trx).confirm(hash);
        await auditRepo(trx).record({
          actorUserId: null,
          publisherId: found.publisher_id,
          action: 'monitor.recipient_confirmed',
          details: { email: found.email },
        });
        return found;
      });
      if (!row) throw invalid();
      return page(
        'Alerts confirmed',
        `<p><strong>${escapeHtml(row.email)}</strong> now receives the uptime alerts of "${escapeHtml(plainName(row.publisher_name))}". ` +
          `You can close this page.</p>`,
      );
    },
  };
}
export type RecipientConfirmations = ReturnType<typeof createRecipientConfirmations>;
