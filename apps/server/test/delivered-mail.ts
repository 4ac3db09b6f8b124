import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface DeliveredMail {
  outboxId: number;
  to: string;
  subject: string;
  text: string;
}

const decodeHeader = (v: string) => v.replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

/**
 * The mails as their recipients got them, secrets included: without SMTP_URL the mailer delivers
 * each as an .eml file into DATA_DIR/outbox (mail/mail-drop.ts). Tests read codes and links here,
 * never from the outbox table or the admin API, which hold them redacted. Oldest first.
 */
export function deliveredMails(dataDir: string, to?: string): DeliveredMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  const mails: DeliveredMail[] = [];
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()) {
    const raw = readFileSync(path.join(dir, name), 'utf8').replace(/\r\n/g, '\n');
    const split = raw.indexOf('\n\n');
    const headers = new Map<string, string>();
    for (const line of raw.slice(0, split).split('\n')) {
      const i = line.indexOf(':');
      headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
    }
    const mail = {
      outboxId: Number(headers.get('x-outbox-id')),
      to: headers.get('to') ?? '',
      subject: decodeHeader(headers.get('subject') ?? ''),
      text: raw.slice(split + 2).replace(/\n$/, ''),
    };
    if (!to || mail.to.toLowerCase() === to.toLowerCase()) mails.push(mail);
  }
  return mails;
}

/** The newest mail delivered to `to`; throws if there is none. */
export function latestDeliveredMail(dataDir: string, to: string): DeliveredMail {
  const mail = deliveredMails(dataDir, to).at(-1);
  if (!mail) throw new Error(`no mail delivered to ${to}`);
  return mail;
}
