import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

// EMAIL_CHANGE_LINK_HOURS (docs/operations.md) sets how long the link sent to a new address works.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EMAIL_CHANGE_LINK_HOURS: '2' });
});
afterAll(async () => t.close());

it('the e-mail change link expires after EMAIL_CHANGE_LINK_HOURS and the mail says so', async () => {
  const { idToken } = await signIn(t.app, DEMO.single);
  const before = Date.now();
  const r = await t.app.inject({
    method: 'PUT',
    url: '/api/personal-info',
    headers: bearer(idToken),
    payload: { firstName: 'Sasha', lastName: 'Single', email: 'ttl@demo.example', currentPassword: DEMO.password },
  });
  expect(r.statusCode).toBe(200);
  const code = await t.db
    .selectFrom('one_time_codes')
    .select('expires_at')
    .where('purpose', '=', 'email_change')
    .where('new_email', '=', 'ttl@demo.example')
    .executeTakeFirstOrThrow();
  const hours = (new Date(code.expires_at).getTime() - before) / 3600_000;
  expect(hours).toBeGreaterThan(1.99);
  expect(hours).toBeLessThan(2.01);
  const mail = await t.db.selectFrom('outbox').select('text_body').where('to_address', '=', 'ttl@demo.example').executeTakeFirstOrThrow();
  expect(mail.text_body).toContain('expires in 2 hours');
});

it('refuses a value outside 1-168 hours at start-up', async () => {
  const { loadConfig } = await import('../../config/env');
  expect(() => loadConfig({ ...process.env, EMAIL_CHANGE_LINK_HOURS: '0' })).toThrow(/EMAIL_CHANGE_LINK_HOURS/);
});
