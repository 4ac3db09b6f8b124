import { mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createMailer } from './mailer';

// The mailer over real SMTP: an in-process server receives what nodemailer sends,
// refuses one address on purpose, and a closed port stands for a server that is down.
const received: { from: string; to: string[]; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onRcptTo(address, _session, done) {
    if (address.address.startsWith('refused@')) done(new Error('550 No such mailbox'));
    else done();
  },
  onData(stream, session, done) {
    let data = '';
    stream.on('data', (c: Buffer) => (data += c.toString()));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        data,
      });
      done();
    });
  },
});
const log = pino({ level: 'silent' });
let t: TestApp;
let smtpUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const outboxRow = (to: string) => t.db.selectFrom('outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();

describe('mailer over SMTP', () => {
  it('delivers text, HTML and attachments, and marks the outbox row sent', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mailer-'));
    const file = path.join(dir, 'report.csv');
    await writeFile(file, 'Date,Revenue\n2026-11-01,12.50\n');
    const mailer = createMailer(t.db, 'Partners Center <no-reply@partners-center.example>', smtpUrl, log);
    await mailer.send({
      to: 'owner@mail.example',
      subject: 'Your report',
      text: 'Plain body',
      html: '<p>HTML body</p>',
      attachments: [{ filename: 'report.csv', path: file }],
    });

    const got = received.find((r) => r.to.includes('owner@mail.example'));
    expect(got?.from).toBe('no-reply@partners-center.example');
    expect(got?.data).toContain('Subject: Your report');
    expect(got?.data).toContain('Plain body');
    expect(got?.data).toContain('<p>HTML body</p>');
    expect(got?.data).toMatch(/filename=report\.csv/);
    expect(got?.data).toContain(Buffer.from('Date,Revenue\n2026-11-01,12.50\n').toString('base64'));
    const row = await outboxRow('owner@mail.example');
    expect(row.status).toBe('sent');
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.attachments).toEqual(['report.csv']);
  });

  it('a refused recipient fails the send and keeps the message in the outbox as failed', async () => {
    const mailer = createMailer(t.db, 'no-reply@partners-center.example', smtpUrl, log);
    await expect(mailer.send({ to: 'refused@mail.example', subject: 'Hello', text: 'Body' })).rejects.toThrow(/550|mailbox/);
    const row = await outboxRow('refused@mail.example');
    expect(row).toMatchObject({ status: 'failed', sent_at: null, subject: 'Hello', text_body: 'Body' });
    expect(received.some((r) => r.to.includes('refused@mail.example'))).toBe(false);
  });

  it('a server that is down fails the send, and the outbox still holds the message', async () => {
    const down = new SMTPServer({ authOptional: true });
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const port = (down.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => down.close(() => resolve()));
    const mailer = createMailer(t.db, 'no-reply@partners-center.example', `smtp://127.0.0.1:${port}`, log);
    await expect(mailer.send({ to: 'down@mail.example', subject: 'Later', text: 'Body' })).rejects.toThrow();
    expect(await outboxRow('down@mail.example')).toMatchObject({ status: 'failed', sent_at: null });
  });

  it('without SMTP_URL the outbox row is the delivery', async () => {
    const mailer = createMailer(t.db, 'no-reply@partners-center.example', null, log);
    await mailer.send({ to: 'outbox-only@mail.example', subject: 'Kept', text: 'Body' });
    const row = await outboxRow('outbox-only@mail.example');
    expect(row).toMatchObject({ subject: 'Kept', sent_at: null });
    expect(row.status).toBe('stored');
    expect(received.some((r) => r.to.includes('outbox-only@mail.example'))).toBe(false);
  });

  it('a secret goes to the recipient by SMTP only: the outbox row holds it redacted', async () => {
    const mailer = createMailer(t.db, 'no-reply@partners-center.example', smtpUrl, log);
    await mailer.send({
      to: 'secret@mail.example',
      subject: 'Your code Q7RT9K',
      text: 'Your reset code: Q7RT9K\nhttps://p.example/forgot?code=Q7RT9K',
      html: '<p><strong>Q7RT9K</strong></p>',
      secrets: ['Q7RT9K'],
    });
    expect(received.find((r) => r.to.includes('secret@mail.example'))?.data).toContain('Your reset code: Q7RT9K');
    const row = await outboxRow('secret@mail.example');
    expect(JSON.stringify(row)).not.toContain('Q7RT9K');
    expect(row).toMatchObject({ status: 'sent', subject: 'Your code ••••••', html_body: '<p><strong>••••••</strong></p>' });
  });
});
