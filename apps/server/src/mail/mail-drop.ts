import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage } from './mail-message';

/** Stands for a code, token or link secret in every stored copy of a mail (the outbox table, the admin view). */
export const REDACTED = '••••••';

const htmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The mail as it may be stored: each secret the sender named, in the forms a mail carries it (as
 * is, inside a link, HTML-escaped), replaced by REDACTED. Longest first, so a secret that contains
 * another is replaced whole.
 */
export function redactSecrets(m: MailMessage): { subject: string; text: string; html: string | null } {
  const forms = [
    ...new Set(
      (m.secrets ?? []).filter(Boolean).flatMap((s) => [s, encodeURIComponent(s), htmlEscape(encodeURIComponent(s)), htmlEscape(s)]),
    ),
  ];
  forms.sort((a, b) => b.length - a.length);
  const redact = (s: string) => forms.reduce((acc, f) => acc.split(f).join(REDACTED), s);
  return { subject: redact(m.subject), text: redact(m.text), html: m.html === undefined ? null : redact(m.html) };
}

const headerText = (s: string) => (/^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${Buffer.from(s).toString('base64')}?=`);

/**
 * Delivery without SMTP: the whole mail, secrets included, as an .eml file (plain text, UTF-8) in
 * the mail folder (DATA_DIR/outbox, mode 0700; files 0600), named by its outbox row. That is where
 * a developer or a demo user on the machine reads it; the outbox table and the admin console only
 * ever hold the redacted copy.
 */
export async function dropMail(dir: string, outboxId: number, from: string, m: MailMessage): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${String(outboxId).padStart(8, '0')}.eml`);
  const headers = [
    `From: ${from}`,
    `To: ${m.to}`,
    `Subject: ${headerText(m.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@outbox.local>`,
    `X-Outbox-Id: ${outboxId}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  const attachments = m.attachments?.length ? `\n\nAttachments (not copied here): ${m.attachments.map((a) => a.filename).join(', ')}` : '';
  const body = `${m.text}${attachments}\n`.replace(/\r?\n/g, '\r\n');
  await writeFile(file, `${headers.join('\r\n')}\r\n\r\n${body}`, { mode: 0o600 });
  return file;
}
