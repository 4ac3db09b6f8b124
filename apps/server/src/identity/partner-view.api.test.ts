import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { decodeJwt } from 'jose';
import { buildApp, type BuiltApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/pool';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';

// Custom-token exchange and the admin's partner view: an exchanged session is never fresher than
// the one that minted it, a partner view starts only from the audited admin route, and Exit ends it
// in every process.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const CLIENT_IP = '203.0.113.7';
const mint = (token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/identity/custom-token', headers: bearer(token), payload, remoteAddress: CLIENT_IP });
const exchange = (token: string) => t.app.inject({ method: 'POST', url: '/api/identity/sign-in-with-token', payload: { token } });
const me = (app: TestApp['app'], token: string) => app.inject({ method: 'GET', url: '/api/personal-info', headers: bearer(token) });
const hasRefreshCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.some((c) => c.name === 'pc_refresh' && c.value);

async function exchangedSession(email: string): Promise<{ minter: string; res: Awaited<ReturnType<typeof exchange>> }> {
  const minter = (await signIn(t.app, email)).idToken;
  const minted = await mint(minter);
  expect(minted.statusCode).toBe(200);
  return { minter, res: await exchange(minted.json().token) };
}

async function startPartnerView(admin: string, publisherId = '1002') {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/admin/impersonate',
    headers: bearer(admin),
    payload: { publisherId, reason: 'support ticket 42' },
    remoteAddress: CLIENT_IP,
  });
  expect(started.statusCode).toBe(200);
  const res = await exchange(started.json().token);
  expect(res.statusCode).toBe(200);
  return res;
}

/** Polls until `check` holds (a revocation reaches another process by NOTIFY, asynchronously). */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe('custom-token exchange', () => {
  it('the exchanged session is not a password check: changing the password still needs re-authentication', async () => {
    const { minter, res } = await exchangedSession(DEMO.staff);
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().idToken).auth_time as number).toBeLessThanOrEqual(decodeJwt(minter).auth_time as number);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/identity/password',
      headers: bearer(res.json().idToken),
      payload: { newPassword: 'taken-over-1' },
    });
    expect(change.statusCode).toBe(401);
    expect(change.json().name).toBe('RequiresRecentLogin');
  });

  it("the exchanged session cannot change a publisher's bank details without re-authentication", async () => {
    const { res } = await exchangedSession(DEMO.staff);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/payment-settings',
      headers: bearer(res.json().idToken, '1003'),
      payload: {
        method: 'bank_transfer',
        beneficiaryName: 'Someone Else Ltd',
        payoutCurrency: 'EUR',
        iban: 'GB29 NWBK 6016 1331 9268 19',
        bic: 'NWBKGB2L',
        vatNumber: 'DE136695976',
      },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().name).toBe('RequiresRecentLogin');
  });

  it('sets no refresh cookie', async () => {
    const { res } = await exchangedSession(DEMO.staff);
    expect(res.statusCode).toBe(200);
    expect(hasRefreshCookie(res)).toBe(false);
  });

  it('every mint is audited: who, for whom, why and from which address', async () => {
    const staff = await signIn(t.app, DEMO.staff);
    expect((await mint(staff.idToken)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'publisher_id', 'action', 'details'])
      .where('action', '=', 'identity.custom_token')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.actor_user_id).toBe(staff.user.uid);
    expect(row.details).toMatchObject({ by: DEMO.staff, for: DEMO.staff, scope: 'ALL', purpose: 'console', ip: CLIENT_IP });
  });

  it("mints only for the caller's own scope: a partner-scoped token is refused to staff and admins alike", async () => {
    for (const who of [DEMO.staff, DEMO.admin]) {
      const r = await mint((await signIn(t.app, who)).idToken, { publisherId: '1002' });
      expect(r.statusCode).toBe(403);
    }
  });
});

describe('partner view', () => {
  it('lasts at most one hour, has no refresh cookie and no admin access', async () => {
    const admin = (await signIn(t.app, DEMO.admin)).idToken;
    const view = await startPartnerView(admin);
    expect(hasRefreshCookie(view)).toBe(false);
    const claims = decodeJwt(view.json().idToken);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);
    expect(claims.scope).toEqual({ PublisherID: '1002', AdminAccess: false });
    expect(claims.auth_time).toBe(0);
    const start = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'impersonation.start')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(start.details).toMatchObject({ reason: 'support ticket 42', by: DEMO.admin, ip: CLIENT_IP });
  });

  describe('Exit, with a second server on the same database', () => {
    let other: BuiltApp;
    let handle: DatabaseHandle;
    beforeAll(async () => {
      const logger = pino({ level: 'silent' });
      handle = openDatabase(t.databaseUrl, logger, 3);
      other = await buildApp({ config: t.config, db: handle.db, logger, startWorkers: false, databaseUrl: t.databaseUrl });
      await other.app.ready();
    });
    afterAll(async () => {
      await other.app.close();
      await handle.close();
    });

    it("refuses the partner-view token within a second in both processes and keeps the admin's own session", async () => {
      const admin = (await signIn(t.app, DEMO.admin)).idToken;
      const view = (await startPartnerView(admin)).json().idToken as string;
      // Both processes have seen (and cached) the partner view's session.
      expect((await me(t.app, view)).statusCode).toBe(200);
      expect((await me(other.app, view)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/impersonate/end', headers: bearer(view) })).statusCode).toBe(200);
      expect((await me(t.app, view)).statusCode).toBe(401);
      expect(await within(1000, async () => (await me(other.app, view)).statusCode === 401)).toBe(true);
      // The admin is still signed in as themselves, in both processes.
      expect((await me(t.app, admin)).statusCode).toBe(200);
      expect((await me(other.app, admin)).statusCode).toBe(200);
      // A second Exit with the ended view's token is refused like any ended session.
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/impersonate/end', headers: bearer(view) })).statusCode).toBe(401);
    });

    it("ending one partner view leaves the admin's other view running", async () => {
      const admin = (await signIn(t.app, DEMO.admin)).idToken;
      const first = (await startPartnerView(admin, '1002')).json().idToken as string;
      const second = (await startPartnerView(admin, '1001')).json().idToken as string;
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/impersonate/end', headers: bearer(first) })).statusCode).toBe(200);
      expect((await me(other.app, second)).statusCode).toBe(200);
      expect((await me(t.app, second)).statusCode).toBe(200);
    });
  });
});
