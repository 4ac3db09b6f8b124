import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { loadSigningKeys } from './signing-keys';
import { DEMO, bearer, createTestApp, signIn, type TestApp, refreshCookieOf, refreshWithCookie } from '../../test/test-app';
import { latestDeliveredMail } from '../../test/delivered-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function latestResetCode(email: string): Promise<string> {
  // As delivered: the outbox table holds the mail with its code redacted.
  const m = /reset code: ([A-Z0-9]+)/.exec(latestDeliveredMail(t.config.DATA_DIR, email).text);
  if (!m) throw new Error('no code in mail');
  return m[1]!;
}

describe('sign-in', () => {
  it('issues an EdDSA ID token with the scope claim and a lifetime of at most one hour', async () => {
    const s = await signIn(t.app, DEMO.multi);
    const claims = decodeJwt(s.idToken);
    expect(claims.scope).toEqual({ PublisherID: '1001,1003', AdminAccess: false });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);
    const admin = decodeJwt((await signIn(t.app, DEMO.admin)).idToken);
    expect(admin.scope).toEqual({ PublisherID: 'ALL', AdminAccess: true });
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email: DEMO.single, password: 'nope' } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      payload: { email: 'nobody@demo.example', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('validates the form with the spec messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Email is required!', password: 'Password is required!' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email: 'not-an-email', password: 'x' } });
    expect(bad.json().fields).toEqual({ email: 'Email is invalid!' });
  });

  it('refreshes with a rotating refresh token that works once', async () => {
    const s = await signIn(t.app, DEMO.single);
    const r1 = await refreshWithCookie(t.app, s.refreshToken);
    expect(r1.statusCode).toBe(200);
    expect(refreshCookieOf(r1)).not.toBe(s.refreshToken);
    expect((await refreshWithCookie(t.app, refreshCookieOf(r1))).statusCode).toBe(200);
    const again = await refreshWithCookie(t.app, s.refreshToken);
    expect(again.statusCode).toBe(401);
    // The dead cookie is cleared so the browser stops sending it.
    const cleared = again.cookies.find((c) => c.name === 'pc_refresh');
    expect(cleared?.value).toBe('');
  });

  it('signs out by revoking the refresh token (DELETE on the cookie path)', async () => {
    const s = await signIn(t.app, DEMO.single);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/identity/token',
      headers: { 'x-requested-with': 'pc-web' },
      cookies: { pc_refresh: s.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'pc_refresh')?.value).toBe('');
    const r = await refreshWithCookie(t.app, s.refreshToken);
    expect(r.statusCode).toBe(401);
  });

  it('rate-limits repeated sign-in attempts', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.app.inject({
          method: 'POST',
          url: '/api/identity/sign-in',
          payload: { email: DEMO.single, password: 'wrong' },
        });
        codes.push(r.statusCode);
      }
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown e-mails and only mails the known one', async () => {
    const known = await t.app.inject({ method: 'POST', url: '/api/identity/password-reset', payload: { email: DEMO.staff } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/identity/password-reset', payload: { email: 'ghost@demo.example' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    while ((await t.built.workers.passwordResetMails.drain()) > 0);
    const ghost = await t.db.selectFrom('outbox').select('id').where('to_address', '=', 'ghost@demo.example').execute();
    expect(ghost).toHaveLength(0);
  });

  it('does the same work for known and unknown e-mails: one queued job each, no lookup or mail in the request (item 8)', async () => {
    const queued = (email: string) =>
      t.db
        .selectFrom('jobs')
        .select(['queue', 'payload', 'status'])
        .where('queue', '=', 'identity.password-reset')
        .where('dedupe_key', '=', email.toLowerCase())
        .execute();
    const mails = async (email: string) => (await t.db.selectFrom('outbox').select('id').where('to_address', '=', email).execute()).length;
    const mailsBefore = await mails(DEMO.single);
    const known = await t.app.inject({ method: 'POST', url: '/api/identity/password-reset', payload: { email: DEMO.single } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/identity/password-reset',
      payload: { email: 'nobody-here@demo.example' },
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    const [k, u] = [await queued(DEMO.single), await queued('nobody-here@demo.example')];
    expect(k).toEqual([{ queue: 'identity.password-reset', payload: { email: DEMO.single }, status: 'queued' }]);
    expect(u).toEqual([{ queue: 'identity.password-reset', payload: { email: 'nobody-here@demo.example' }, status: 'queued' }]);
    // Nothing was looked up or mailed while answering: the known user's mail comes from the job.
    expect(await mails(DEMO.single)).toBe(mailsBefore);
    let drained = 0;
    for (let n; (n = await t.built.workers.passwordResetMails.drain()) > 0;) drained += n;
    expect(drained).toBe(2);
    expect(await mails(DEMO.single)).toBe(mailsBefore + 1);
    expect(await mails('nobody-here@demo.example')).toBe(0);
  });

  it('verifies a code, confirms once, and refuses the code a second time', async () => {
    await t.app.inject({ method: 'POST', url: '/api/identity/password-reset', payload: { email: DEMO.staff } });
    // The route only enqueues; the job sends the mail.
    while ((await t.built.workers.passwordResetMails.drain()) > 0);
    const code = await latestResetCode(DEMO.staff);
    const verify = await t.app.inject({ method: 'POST', url: '/api/identity/password-reset/verify', payload: { code } });
    expect(verify.json()).toEqual({ email: DEMO.staff });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/identity/password-reset/confirm',
      payload: { code, newPassword: 'brand-new-pass-1' },
    });
    expect(confirm.statusCode).toBe(200);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/identity/password-reset/confirm',
      payload: { code, newPassword: 'another-pass-2' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().fields.code).toBeDefined();
    await signIn(t.app, DEMO.staff, 'brand-new-pass-1');
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      payload: { email: DEMO.staff, password: DEMO.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses an expired code', async () => {
    await t.app.inject({ method: 'POST', url: '/api/identity/password-reset', payload: { email: DEMO.multi } });
    // The route only enqueues; the job sends the mail.
    while ((await t.built.workers.passwordResetMails.drain()) > 0);
    const code = await latestResetCode(DEMO.multi);
    await t.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'password_reset')
      .execute();
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/identity/password-reset/confirm',
      payload: { code, newPassword: 'whatever-123' },
    });
    expect(r.statusCode).toBe(400);
  });
});

describe('refresh token cookie', () => {
  const signInRaw = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/identity/sign-in', headers, payload: { email: DEMO.single, password: DEMO.password } });

  it('never puts the refresh token in an answer body, only in an httpOnly SameSite=Strict cookie on the refresh path', async () => {
    const res = await signInRaw();
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['expiresIn', 'idToken', 'user']);
    const cookie = res.cookies.find((c) => c.name === 'pc_refresh')!;
    expect(cookie.value).toMatch(/.{20,}/);
    expect(res.body).not.toContain(cookie.value);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.path).toBe('/api/identity/token');
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    // Plain http (local development): not Secure, or the browser would drop it.
    expect(cookie.secure).toBeFalsy();
    const refreshed = await refreshWithCookie(t.app, cookie.value);
    expect(Object.keys(refreshed.json()).sort()).toEqual(['expiresIn', 'idToken', 'user']);
  });

  it('is Secure when the public address is https', async () => {
    const tls = await createTestApp({ PUBLIC_URL: 'https://partners.example.com' });
    try {
      const res = await tls.app.inject({
        method: 'POST',
        url: '/api/identity/sign-in',
        payload: { email: DEMO.single, password: DEMO.password },
      });
      expect(res.cookies.find((c) => c.name === 'pc_refresh')?.secure).toBe(true);
    } finally {
      await tls.close();
    }
  });

  it('is a browser-session cookie when "keep me signed in" is off', async () => {
    const res = await signInRaw({ 'x-keep-signed-in': 'false' });
    const cookie = res.cookies.find((c) => c.name === 'pc_refresh')!;
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.expires).toBeUndefined();
  });

  it('refuses a refresh token in the body and a cookie without the CSRF header', async () => {
    const s = await signIn(t.app, DEMO.single);
    const body = await t.app.inject({ method: 'POST', url: '/api/identity/token', payload: { refreshToken: s.refreshToken } });
    expect(body.statusCode).toBe(403);
    const bodyWithHeader = await t.app.inject({
      method: 'POST',
      url: '/api/identity/token',
      headers: { 'x-requested-with': 'pc-web' },
      payload: { refreshToken: s.refreshToken },
    });
    expect(bodyWithHeader.statusCode).toBe(401);
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/identity/token', cookies: { pc_refresh: s.refreshToken } });
    expect(noHeader.statusCode).toBe(403);
    const signOutNoHeader = await t.app.inject({ method: 'DELETE', url: '/api/identity/token', cookies: { pc_refresh: s.refreshToken } });
    expect(signOutNoHeader.statusCode).toBe(403);
    // None of these used up the token.
    expect((await refreshWithCookie(t.app, s.refreshToken)).statusCode).toBe(200);
  });
});

describe('password update', () => {
  it('needs re-authentication with the current password', async () => {
    const s = await signIn(t.app, DEMO.single);
    // A refreshed token is not a fresh password check.
    const refreshed = (await refreshWithCookie(t.app, s.refreshToken)).json();
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/identity/password',
      headers: bearer(refreshed.idToken),
      payload: { newPassword: 'changed-pass-1' },
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.json().name).toBe('RequiresRecentLogin');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/identity/reauthenticate',
      headers: bearer(refreshed.idToken),
      payload: { password: 'wrong' },
    });
    expect(wrong.statusCode).toBe(400);
    const re = await t.app.inject({
      method: 'POST',
      url: '/api/identity/reauthenticate',
      headers: bearer(refreshed.idToken),
      payload: { password: DEMO.password },
    });
    expect(re.statusCode).toBe(200);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/identity/password',
      headers: bearer(re.json().idToken),
      payload: { newPassword: 'changed-pass-1' },
    });
    expect(ok.statusCode).toBe(200);
    await signIn(t.app, DEMO.single, 'changed-pass-1');
  });
});

describe('custom tokens', () => {
  // A partner-scoped session comes only from /api/admin/impersonate (partner-view.api.test.ts).
  it("staff mint a single-use token that signs in with their own scope, never a partner's", async () => {
    const staff = await signIn(t.app, DEMO.admin);
    const narrowed = await t.app.inject({
      method: 'POST',
      url: '/api/identity/custom-token',
      headers: bearer(staff.idToken),
      payload: { publisherId: '1002' },
    });
    expect(narrowed.statusCode).toBe(403);
    const mint = await t.app.inject({ method: 'POST', url: '/api/identity/custom-token', headers: bearer(staff.idToken), payload: {} });
    expect(mint.statusCode).toBe(200);
    const { token } = mint.json();
    const use = await t.app.inject({ method: 'POST', url: '/api/identity/sign-in-with-token', payload: { token } });
    expect(use.statusCode).toBe(200);
    expect(decodeJwt(use.json().idToken).scope).toEqual({ PublisherID: 'ALL', AdminAccess: true });
    const reuse = await t.app.inject({ method: 'POST', url: '/api/identity/sign-in-with-token', payload: { token } });
    expect(reuse.statusCode).toBe(400);
  });

  it('media owners cannot mint', async () => {
    const s = await signIn(t.app, DEMO.multi);
    const r = await t.app.inject({ method: 'POST', url: '/api/identity/custom-token', headers: bearer(s.idToken), payload: {} });
    expect(r.statusCode).toBe(403);
  });
});

describe('token verification', () => {
  const call = (token: string) => t.app.inject({ method: 'GET', url: '/api/partners', headers: bearer(token) });

  it('401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/partners' })).statusCode).toBe(401);
  });

  it('401 with an expired token', async () => {
    // Signed with the server's own key, so only the expiry is wrong.
    const keys = await loadSigningKeys(t.db);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await new SignJWT({ email: DEMO.multi, scope: { PublisherID: '1001', AdminAccess: false }, auth_time: past })
      .setProtectedHeader({ alg: 'EdDSA', kid: keys.kid })
      .setSubject('x')
      .setIssuer('http://partners.test')
      .setAudience('partners-center')
      .setIssuedAt(past)
      .setExpirationTime(past + 3600)
      .sign(keys.privateKey);
    const r = await call(expired);
    expect(r.statusCode).toBe(401);
    expect(r.json().name).toBe('InvalidToken');
  });

  it('401 with a tampered scope', async () => {
    const s = await signIn(t.app, DEMO.multi);
    const [h, p, sig] = s.idToken.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload.scope = { PublisherID: 'ALL', AdminAccess: true };
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;
    expect((await call(forged)).statusCode).toBe(401);
  });

  it('401 with alg none', async () => {
    const s = await signIn(t.app, DEMO.multi);
    const payload = decodeJwt(s.idToken);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const none = `${header}.${Buffer.from(JSON.stringify({ ...payload, scope: { PublisherID: 'ALL', AdminAccess: true } })).toString('base64url')}.`;
    expect((await call(none)).statusCode).toBe(401);
  });

  it('401 with a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('EdDSA');
    const foreign = await new SignJWT({ email: 'x@y.z', scope: { PublisherID: 'ALL', AdminAccess: true }, auth_time: 1 })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject('x')
      .setIssuer('http://partners.test')
      .setAudience('partners-center')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await call(foreign)).statusCode).toBe(401);
  });

  it('publishes the JWKS', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(r.json().keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(r.json().keys[0].d).toBeUndefined();
  });
});
