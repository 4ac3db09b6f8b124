import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApp, type BuiltApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/pool';
import { DEMO, bearer, createTestApp, signIn, type TestApp, refreshCookieOf, refreshWithCookie } from '../../test/test-app';
import { latestDeliveredMail } from '../../test/delivered-mail';
import { revokeUserSessions } from './sessions';

// Sessions end on password change/reset, disable, delete, scope change and
// "sign out of all devices", for ID tokens (every process) and refresh tokens alike.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const me = (app: TestApp['app'], token: string) => app.inject({ method: 'GET', url: '/api/personal-info', headers: bearer(token) });
const refresh = (refreshToken: string) => refreshWithCookie(t.app, refreshToken);

async function newUser(email: string, scope = '1001'): Promise<string> {
  // Same password hash as the demo users.
  const demo = await t.db.selectFrom('users').select('password_hash').where('email', '=', DEMO.single).executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('users')
    .values({ email, password_hash: demo.password_hash, publisher_scope: scope, first_name: 'Test', last_name: 'User' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Polls until `check` holds: revocations by plain SQL reach a process by NOTIFY, asynchronously. */
async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

describe('revocable sessions', () => {
  it('a password change ends the other devices (ID and refresh tokens) and keeps this one signed in', async () => {
    await newUser('pw-change@demo.example');
    const other = await signIn(t.app, 'pw-change@demo.example');
    const here = await signIn(t.app, 'pw-change@demo.example');
    expect((await me(t.app, other.idToken)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/identity/password',
      headers: bearer(here.idToken),
      payload: { newPassword: 'changed-pass-1' },
    });
    expect(changed.statusCode).toBe(200);
    const stale = await me(t.app, other.idToken);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().name).toBe('SessionRevoked');
    expect((await me(t.app, here.idToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    // This device continues with the session the answer carries.
    expect((await me(t.app, changed.json().idToken)).statusCode).toBe(200);
    expect((await refresh(refreshCookieOf(changed))).statusCode).toBe(200);
  });

  it('a password reset ends every session', async () => {
    await newUser('pw-reset@demo.example');
    const s = await signIn(t.app, 'pw-reset@demo.example');
    await t.app.inject({ method: 'POST', url: '/api/identity/password-reset', payload: { email: 'pw-reset@demo.example' } });
    // The route only enqueues; the job sends the mail.
    while ((await t.built.workers.passwordResetMails.drain()) > 0);
    const code = /reset code: ([A-Z0-9]+)/.exec(latestDeliveredMail(t.config.DATA_DIR, 'pw-reset@demo.example').text)![1]!;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/identity/password-reset/confirm',
      payload: { code, newPassword: 'after-reset-1' },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await me(t.app, s.idToken)).statusCode).toBe(401);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });

  it('disabling a user by any code path (plain SQL here) ends the sessions through NOTIFY', async () => {
    const id = await newUser('disabled@demo.example');
    const s = await signIn(t.app, 'disabled@demo.example');
    expect((await me(t.app, s.idToken)).statusCode).toBe(200); // now cached as current
    await t.db.updateTable('users').set({ disabled: true }).where('id', '=', id).execute();
    expect(await eventually(async () => (await me(t.app, s.idToken)).statusCode === 401)).toBe(true);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });

  it('a change of scope ends the sessions that carry the old scope', async () => {
    const id = await newUser('scope@demo.example', '1001,1003');
    const s = await signIn(t.app, 'scope@demo.example');
    const read = () => t.app.inject({ method: 'GET', url: '/api/personal-info', headers: bearer(s.idToken, '1003') });
    expect((await read()).statusCode).toBe(200);
    await t.db.updateTable('users').set({ publisher_scope: '1001' }).where('id', '=', id).execute();
    expect(await eventually(async () => (await read()).statusCode === 401)).toBe(true);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    const again = await signIn(t.app, 'scope@demo.example');
    const denied = await t.app.inject({ method: 'GET', url: '/api/personal-info', headers: bearer(again.idToken, '1003') });
    expect(denied.statusCode).toBe(403);
  });

  it("a deleted user's token gets 401 for reads and writes, never a 500", async () => {
    const id = await newUser('deleted@demo.example');
    const s = await signIn(t.app, 'deleted@demo.example');
    expect((await me(t.app, s.idToken)).statusCode).toBe(200);
    await t.db.deleteFrom('users').where('id', '=', id).execute();
    expect(await eventually(async () => (await me(t.app, s.idToken)).statusCode === 401)).toBe(true);
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/personal-info',
      headers: bearer(s.idToken),
      payload: { firstName: 'A', lastName: 'B', email: 'deleted@demo.example', phoneNumber: '' },
    });
    expect(write.statusCode).toBe(401);
  });

  it('"sign out of all devices" ends every ID token and refresh token of the user at once', async () => {
    await newUser('everywhere@demo.example');
    const a = await signIn(t.app, 'everywhere@demo.example');
    const b = await signIn(t.app, 'everywhere@demo.example');
    expect((await me(t.app, b.idToken)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/identity/sign-out-everywhere', headers: bearer(a.idToken) });
    expect(out.statusCode).toBe(200);
    for (const s of [a, b]) {
      expect((await me(t.app, s.idToken)).statusCode).toBe(401);
      expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    }
    // Other users are untouched, and signing in again works.
    expect((await me(t.app, (await signIn(t.app, DEMO.multi)).idToken)).statusCode).toBe(200);
    expect((await me(t.app, (await signIn(t.app, 'everywhere@demo.example')).idToken)).statusCode).toBe(200);
  });
});

describe('revocation across processes', () => {
  let other: BuiltApp;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // A second server on the same database, as a second process would be.
    const logger = pino({ level: 'silent' });
    handle = openDatabase(t.databaseUrl, logger, 3);
    other = await buildApp({ config: t.config, db: handle.db, logger, startWorkers: false, databaseUrl: t.databaseUrl });
    await other.app.ready();
  });
  afterAll(async () => {
    await other.app.close();
    await handle.close();
  });

  it('a revocation made through one server is refused by the other, whose cache held the session', async () => {
    const id = await newUser('two-servers@demo.example');
    const s = await signIn(t.app, 'two-servers@demo.example');
    expect((await me(other.app, s.idToken)).statusCode).toBe(200);
    // Plain SQL, so only the NOTIFY can tell the other server.
    await t.db.updateTable('users').set({ admin_access: true }).where('id', '=', id).execute();
    expect(await eventually(async () => (await me(other.app, s.idToken)).statusCode === 401)).toBe(true);
  });

  it('revokeUserSessions (the function other modules call) takes effect on commit, in a transaction too', async () => {
    const id = await newUser('service-call@demo.example');
    const s = await signIn(t.app, 'service-call@demo.example');
    expect((await me(other.app, s.idToken)).statusCode).toBe(200);
    await t.db.transaction().execute(async (trx) => revokeUserSessions(trx, id));
    expect((await me(t.app, s.idToken)).statusCode).toBe(401);
    expect(await eventually(async () => (await me(other.app, s.idToken)).statusCode === 401)).toBe(true);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });
});
