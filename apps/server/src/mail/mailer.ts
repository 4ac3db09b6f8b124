import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/pool';
import { dropMail, redactSecrets } from './mail-drop';
import type { MailMessage } from './mail-message';

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message is recorded in the outbox table (the record the admin console shows), with its
 * secrets redacted: an admin or a database reader cannot take over an account from it. With
 * SMTP_URL the message is sent by SMTP and marked sent; without it, it is delivered as an .eml file
 * into `dropDir` (DATA_DIR/outbox), readable only on the machine (mail-drop.ts).
 */
export function createMailer(db: Db, from: string, smtpUrl: string | null, log: Logger, opts: { dropDir?: string } = {}): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(m) {
      const stored = redactSecrets(m);
      const row = await db
        .insertInto('outbox')
        .values({
          to_address: m.to,
          subject: stored.subject,
          text_body: stored.text,
          html_body: stored.html,
          attachments: m.attachments ? JSON.stringify(m.attachments.map((a) => a.filename)) : null,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        if (!opts.dropDir) return;
        const file = await dropMail(opts.dropDir, row.id, from, m);
        log.info({ to: m.to, file }, 'mail delivered to the mail folder (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments });
        await db.updateTable('outbox').set({ status: 'sent', sent_at: new Date() }).where('id', '=', row.id).execute();
      } catch (err) {
        await db.updateTable('outbox').set({ status: 'failed' }).where('id', '=', row.id).execute();
        log.error({ err: (err as Error).message, to: m.to }, 'smtp delivery failed');
        throw err;
      }
    },
  };
}
