import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { deliveredMails, latestDeliveredMail } from '../../../test/delivered-mail';

// The outbox (the table and GET /api/admin/outbox) keeps no usable secret: reset codes, invitation
// tokens and e-mail-change links reach the recipient only (here the delivered .eml file).
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, DEMO.admin)).idToken;
});
afterAll(async () => t.close());

const adminView = async (to: string) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/admin/outbox?to=${encodeURIComponent(to)}&limit=5`, headers: bearer(admin) });
  expect(r.statusCode).toBe(200);
  return r.body;
};
const storedRows = async (to: string) =>
  JSON.stringify(await t.db.selectFrom('outbox').select(['subject', 'text_body', 'html_body']).where('to_address', '=', to).execute());

describe('the outbox holds no live secrets', () => {
  it('a reset code: delivered to the user, redacted in the admin view and in the table', async () => {
    await t.app.inject({ method: 'POST', url: '/api/identity/password-reset', payload: { email: DEMO.single } });
    while ((await t.built.workers.passwordResetMails.drain()) > 0);
    const code = /reset code: ([A-Z0-9]+)/.exec(latestDeliveredMail(t.config.DATA_DIR, DEMO.single).text)![1]!;
    const view = await adminView(DEMO.single);
    expect(view).toContain('Reset your');
    expect(view).not.toContain(code);
    expect(view).toContain('reset code: ••••••');
    expect(view).toContain('forgot?code=••••••');
    expect(await storedRows(DEMO.single)).not.toContain(code);
    // The delivered copy is the recipient's: only the machine's owner reads it, and its code works.
    const file = path.join(
      t.config.DATA_DIR,
      'outbox',
      `${String(latestDeliveredMail(t.config.DATA_DIR, DEMO.single).outboxId).padStart(8, '0')}.eml`,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o077).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain(`To: ${DEMO.single}`);
    const verify = await t.app.inject({ method: 'POST', url: '/api/identity/password-reset/verify', payload: { code } });
    expect(verify.statusCode, verify.body).toBe(200);
  });

  it('an invitation token: redacted in the admin view and the table; the delivered link works', async () => {
    const inv = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: bearer(admin),
      payload: { email: 'sealed@invitee.example', publisherIds: ['1001'] },
    });
    expect(inv.statusCode, inv.body).toBe(200);
    const token = decodeURIComponent(
      /accept-invitation\?token=(\S+)/.exec(latestDeliveredMail(t.config.DATA_DIR, 'sealed@invitee.example').text)![1]!,
    );
    const view = await adminView('sealed@invitee.example');
    expect(view).toContain('accept-invitation?token=••••••');
    expect(view).not.toContain(token);
    expect(view).not.toContain(encodeURIComponent(token));
    expect(await storedRows('sealed@invitee.example')).not.toContain(encodeURIComponent(token));
    const preview = await t.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { token } });
    expect(preview.statusCode).toBe(200);
  });

  it('an e-mail-change link: redacted in the admin view and the table', async () => {
    const user = (await signIn(t.app, DEMO.single)).idToken;
    const r = await t.app.inject({
      method: 'PUT',
      url: '/api/personal-info',
      headers: bearer(user),
      payload: { firstName: 'Sam', lastName: 'Single', email: 'sealed-move@demo.example', currentPassword: DEMO.password },
    });
    expect(r.statusCode, r.body).toBe(200);
    const code = decodeURIComponent(
      /confirmEmail=([^\s&]+)/.exec(latestDeliveredMail(t.config.DATA_DIR, 'sealed-move@demo.example').text)![1]!,
    );
    const view = await adminView('sealed-move@demo.example');
    expect(view).toContain('confirmEmail=••••••');
    expect(view).not.toContain(encodeURIComponent(code));
    expect(await storedRows('sealed-move@demo.example')).not.toContain(encodeURIComponent(code));
    // Mails without secrets are stored as sent: the notice to the old address is whole.
    expect(deliveredMails(t.config.DATA_DIR, DEMO.single).at(-1)!.text).toContain('sealed-move@demo.example');
  });

  it('mails an earlier build stored with their secrets in the clear are redacted by the upgrade', async () => {
    await t.db
      .insertInto('outbox')
      .values({
        to_address: 'old@demo.example',
        subject: 'Reset your Partners Center password',
        text_body: 'Your reset code: ABCD2345\n\nOr open this link: https://p.example/forgot?code=ABCD2345',
        html_body:
          '<p>Your reset code: <strong>ABCD2345</strong></p><p><a href="https://p.example/accept-invitation?token=tok_en-1">x</a></p>',
        attachments: null,
        sent_at: null,
      })
      .execute();
    const migration = readFileSync(path.join(import.meta.dirname, '../../db/migrations/0130_outbox_redact_secrets.sql'), 'utf8');
    await sql.raw(migration).execute(t.db);
    const rows = await storedRows('old@demo.example');
    expect(rows).not.toContain('ABCD2345');
    expect(rows).not.toContain('tok_en-1');
    expect(rows).toContain('reset code: ••••••');
  });
});
