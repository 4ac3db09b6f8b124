import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

// An in-process SMTP server: the invitation goes over real SMTP, not only into the outbox.
const received: { to: string[]; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let data = '';
    stream.on('data', (c: Buffer) => (data += c.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      done();
    });
  },
});
let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('invitation e-mail over SMTP', () => {
  it('is delivered by SMTP with a working link, and the outbox row is marked sent', async () => {
    const admin = (await signIn(t.app, DEMO.admin)).idToken;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: bearer(admin),
      payload: { email: 'smtp-invitee@invitee.example', publisherIds: ['1002'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sent).not.toBeNull();
    const mail = received.find((m) => m.to.includes('smtp-invitee@invitee.example'));
    expect(mail).toBeDefined();
    // Quoted-printable may wrap long lines with "=\r\n"; undo that before reading the link.
    const body = mail!.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = decodeURIComponent(/accept-invitation\?token=([A-Za-z0-9%_-]+)/.exec(body)![1]!);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, firstName: 'Smtp', lastName: 'Invitee', password: 'a-good-password' },
    });
    expect(accepted.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('outbox')
      .select('status')
      .where('to_address', '=', 'smtp-invitee@invitee.example')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });
});
