import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp, refreshWithCookie } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('admin users list', () => {
  it('gives the registered user shape to admins and staff, 403 to media owners, 401 anonymously', async () => {
    for (const who of [DEMO.multi, DEMO.single]) {
      const tok = (await signIn(t.app, who)).idToken;
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(tok) })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
    for (const who of [DEMO.admin, DEMO.staff]) {
      const tok = (await signIn(t.app, who)).idToken;
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/users?publisherId=1003', headers: bearer(tok) });
      expect(res.statusCode).toBe(200);
      const users = res.json() as { email: string; enrollment_date: number }[];
      expect(users.map((u) => u.email)).toContain(DEMO.multi);
      expect(users.map((u) => u.email)).not.toContain(DEMO.single);
      const multi = users.find((u) => u.email === DEMO.multi)!;
      expect(Object.keys(multi)).toEqual(expect.arrayContaining(['id', 'first_name', 'last_name', 'email', 'enrollment_date']));
      // Seconds, not milliseconds.
      expect(multi.enrollment_date).toBeLessThan(Date.now() / 1000 + 1);
      expect(multi.enrollment_date).toBeGreaterThan(1_500_000_000);
    }
    const admin = (await signIn(t.app, DEMO.admin)).idToken;
    const found = (await t.app.inject({ method: 'GET', url: '/api/admin/users?search=sasha', headers: bearer(admin) })).json();
    expect(found.map((u: { email: string }) => u.email)).toEqual([DEMO.single]);
  });
});

describe('admin user management', () => {
  const call = (token: string, method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const userId = async (email: string) =>
    (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it('writes are admin only: staff and media owners get 403, anonymous 401, nothing changes', async () => {
    const single = await userId(DEMO.single);
    const writes: ['PATCH' | 'DELETE' | 'POST', string, object?][] = [
      ['PATCH', `/api/admin/users/${single}`, { disabled: true }],
      ['DELETE', `/api/admin/users/${single}`],
      ['POST', `/api/admin/users/${single}/password-reset`],
    ];
    for (const who of [DEMO.staff, DEMO.multi, DEMO.single]) {
      const tok = (await signIn(t.app, who)).idToken;
      for (const [m, url, body] of writes) expect((await call(tok, m, url, body)).statusCode, `${who} ${m} ${url}`).toBe(403);
    }
    for (const [m, url, body] of writes)
      expect((await t.app.inject({ method: m, url, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    const multiTok = (await signIn(t.app, DEMO.multi)).idToken;
    expect((await call(multiTok, 'GET', `/api/admin/users/${single}`)).statusCode).toBe(403);
    const row = await t.db.selectFrom('users').select(['disabled']).where('id', '=', single).executeTakeFirstOrThrow();
    expect(row.disabled).toBe(false);
  });

  it('a scope change ends the user’s sessions, is audited with before/after, and the new scope applies at the next sign-in', async () => {
    const admin = (await signIn(t.app, DEMO.admin)).idToken;
    const multi = await signIn(t.app, DEMO.multi);
    const id = await userId(DEMO.multi);
    const res = await call(admin, 'PATCH', `/api/admin/users/${id}`, { publisherIds: ['1003'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().publisherScope).toBe('1003');
    // The refresh token from before the change no longer renews the session.
    const refresh = await refreshWithCookie(t.app, multi.refreshToken);
    expect(refresh.statusCode).toBe(401);
    // ...and the ID token from before is refused at once (session version).
    const stale = await t.app.inject({ method: 'GET', url: '/api/personal-info', headers: { authorization: `Bearer ${multi.idToken}` } });
    expect(stale.statusCode).toBe(401);
    const again = await signIn(t.app, DEMO.multi);
    const claims = JSON.parse(Buffer.from(again.idToken.split('.')[1]!, 'base64url').toString()) as { scope: { PublisherID: string } };
    expect(claims.scope.PublisherID).toBe('1003');
    const audit = await t.db.selectFrom('audit_log').select(['action', 'details']).where('action', '=', 'user.update').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      userId: id,
      before: { publisherScope: expect.stringContaining(',') },
      after: { publisherScope: '1003' },
    });
  });

  it('refuses unknown partners, ALL mixed with ids, admin access to a media owner and to an address not allowed', async () => {
    const admin = (await signIn(t.app, DEMO.admin)).idToken;
    const id = await userId(DEMO.single);
    const bad = [
      [{ publisherIds: ['999999'] }, 'publisherIds'],
      [{ publisherIds: ['ALL', '1001'] }, 'publisherIds'],
      [{ adminAccess: true }, 'adminAccess'],
      // No ALLOWED_ADMIN_EMAIL in this app: nobody can be granted admin access.
      [{ publisherIds: ['ALL'], adminAccess: true }, 'adminAccess'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await call(admin, 'PATCH', `/api/admin/users/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    const me = await userId(DEMO.admin);
    expect((await call(admin, 'PATCH', `/api/admin/users/${me}`, { disabled: true })).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', `/api/admin/users/${me}`)).statusCode).toBe(409);
  });

  it('disable refuses sign-in and ends sessions; enable restores; password reset mails; delete states its effects', async () => {
    const admin = (await signIn(t.app, DEMO.admin)).idToken;
    const single = await signIn(t.app, DEMO.single);
    const id = await userId(DEMO.single);
    expect((await call(admin, 'PATCH', `/api/admin/users/${id}`, { disabled: true })).json().disabled).toBe(true);
    expect((await refreshWithCookie(t.app, single.refreshToken)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email: DEMO.single, password: DEMO.password } }))
        .statusCode,
    ).toBe(401);
    expect((await call(admin, 'POST', `/api/admin/users/${id}/password-reset`)).statusCode).toBe(409);
    expect((await call(admin, 'PATCH', `/api/admin/users/${id}`, { disabled: false })).json().disabled).toBe(false);
    await signIn(t.app, DEMO.single);
    expect((await call(admin, 'POST', `/api/admin/users/${id}/password-reset`)).statusCode).toBe(200);
    const mail = await t.db.selectFrom('outbox').select('subject').where('to_address', '=', DEMO.single).execute();
    expect(mail.map((m) => m.subject).join()).toMatch(/Reset your .* password/);
    const listed = (await call(admin, 'GET', `/api/admin/users?search=${DEMO.single}`)).json()[0];
    expect(listed.lastSignIn).toBeGreaterThan(Date.now() / 1000 - 600);

    const del = await call(admin, 'DELETE', `/api/admin/users/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().effects).toMatch(/Audit entries/);
    expect((await call(admin, 'GET', `/api/admin/users/${id}`)).statusCode).toBe(404);
    const actions = (await t.db.selectFrom('audit_log').select('action').execute()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['user.disable', 'user.enable', 'user.password_reset_sent', 'user.delete']));
  });
});
