import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/pool';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; path: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message is written to the outbox table (the record the admin console shows). Without
 * SMTP_URL that is the delivery; with it, the message is also sent by SMTP and marked sent.
 */
export function createMailer(db: Db, from: string, smtpUrl: string | null, log: Logger): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(m) {
      const row = await db
        .insertInto('outbox')
        .values({
          to_address: m.to,
          subject: m.subject,
          text_body: m.text,
          html_body: m.html ?? null,
          attachments: m.attachments ? JSON.stringify(m.attachments.map((a) => a.filename)) : null,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
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
