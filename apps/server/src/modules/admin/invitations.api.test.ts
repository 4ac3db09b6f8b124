import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp, refreshWithCookie } from '../../../test/test-app';
import { latestDeliveredMail } from '../../../test/delivered-mail';

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp({ ALLOWED_ADMIN_EMAIL: '@provider.example', INVITATION_TTL_DAYS: '7' });
  admin = (await signIn(t.app, DEMO.admin)).idToken;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const invite = (body: object) => call(admin, 'POST', '/api/admin/invitations', body);
/** The token from the last invitation e-mail to this address (as the invitee reads it). */
async function tokenFromMail(to: string): Promise<string> {
  return decodeURIComponent(/accept-invitation\?token=(\S+)/.exec(latestDeliveredMail(t.config.DATA_DIR, to).text)![1]!);
}
const accept = (payload: object) => t.app.inject({ method: 'POST', url: '/api/invitations/accept', payload });
const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { scope: { PublisherID: string; AdminAccess: boolean } };

describe('invitations', () => {
  it('are admin only: staff and media owners 403, anonymous 401', async () => {
    const inv = (await invite({ email: 'probe@invitee.example', publisherIds: ['1001'] })).json();
    const routes: [Method, string, object?][] = [
      ['GET', '/api/admin/invitations'],
      ['POST', '/api/admin/invitations', { email: 'x@invitee.example', publisherIds: ['1001'] }],
      ['POST', '/api/admin/invitations/bulk', { csv: 'email,publisherIds\ny@invitee.example,1001' }],
      ['POST', `/api/admin/invitations/${inv.id}/resend`],
      ['POST', `/api/admin/invitations/${inv.id}/revoke`],
    ];
    for (const who of [DEMO.staff, DEMO.multi, DEMO.single]) {
      const tok = (await signIn(t.app, who)).idToken;
      for (const [m, url, body] of routes) expect((await call(tok, m, url, body)).statusCode, `${who} ${m} ${url}`).toBe(403);
    }
    for (const [m, url, body] of routes)
      expect((await t.app.inject({ method: m, url, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    expect(
      await t.db.selectFrom('invitations').select('email').where('email', 'in', ['x@invitee.example', 'y@invitee.example']).execute(),
    ).toEqual([]);
  });

  it('lifecycle: e-mail with a link, preview, accept creates the user with exactly the invited scope, single use', async () => {
    const res = await invite({
      email: 'Dana@Invitee.example',
      publisherIds: ['1001', '1003'],
      mediaOwnerIds: ['1003'],
      adminAccess: false,
    });
    expect(res.statusCode).toBe(200);
    const inv = res.json();
    expect(inv).toMatchObject({
      status: 'pending',
      publisherIds: ['1001', '1003'],
      mediaOwnerIds: ['1003'],
      adminAccess: false,
      existingUser: false,
    });
    expect(inv.sent).not.toBeNull();
    // Expires after the configured 7 days.
    const days = (Date.parse(inv.expires) - Date.parse(inv.created)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    const token = await tokenFromMail('Dana@Invitee.example');
    // Only the hash is stored.
    const stored = await t.db.selectFrom('invitations').select('token_hash').where('id', '=', inv.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    const preview = await t.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { token } });
    expect(preview.json()).toMatchObject({ email: 'Dana@Invitee.example', existingUser: false });
    expect(preview.json().partners).toHaveLength(2);

    const missing = await accept({ token });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(expect.arrayContaining(['firstName', 'lastName', 'password']));
    const ok = await accept({ token, firstName: 'Dana', lastName: 'Nowak', password: 'a-good-password' });
    expect(ok.statusCode).toBe(200);
    expect((await accept({ token, firstName: 'Dana', lastName: 'Nowak', password: 'another-password' })).statusCode).toBe(400);
    const session = await signIn(t.app, 'Dana@Invitee.example', 'a-good-password');
    expect(claimsOf(session.idToken).scope).toEqual({ PublisherID: '1001,1003', AdminAccess: false });
    const list = (await call(admin, 'GET', '/api/admin/invitations?status=accepted')).json();
    expect(list.map((i: { id: string }) => i.id)).toContain(inv.id);
    const actions = (await t.db.selectFrom('audit_log').select('action').execute()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['invitation.create', 'invitation.accept']));
  });

  it('revoked and expired links do not work; resend replaces the link and starts a new period', async () => {
    const a = (await invite({ email: 'revoked@invitee.example', publisherIds: ['1002'] })).json();
    const revokedToken = await tokenFromMail('revoked@invitee.example');
    expect((await call(admin, 'POST', `/api/admin/invitations/${a.id}/revoke`)).json().status).toBe('revoked');
    expect((await accept({ token: revokedToken, firstName: 'R', lastName: 'R', password: 'a-good-password' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', `/api/admin/invitations/${a.id}/resend`)).statusCode).toBe(409);

    const b = (await invite({ email: 'late@invitee.example', publisherIds: ['1002'] })).json();
    const oldToken = await tokenFromMail('late@invitee.example');
    await t.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', b.id)
      .execute();
    expect((await call(admin, 'GET', '/api/admin/invitations?status=expired')).json().map((i: { id: string }) => i.id)).toContain(b.id);
    expect((await accept({ token: oldToken, firstName: 'L', lastName: 'L', password: 'a-good-password' })).statusCode).toBe(400);
    const resent = (await call(admin, 'POST', `/api/admin/invitations/${b.id}/resend`)).json();
    expect(resent.status).toBe('pending');
    const newToken = await tokenFromMail('late@invitee.example');
    expect(newToken).not.toBe(oldToken);
    expect((await accept({ token: oldToken, firstName: 'L', lastName: 'L', password: 'a-good-password' })).statusCode).toBe(400);
    expect((await accept({ token: newToken, firstName: 'L', lastName: 'L', password: 'a-good-password' })).statusCode).toBe(200);
  });

  it('a media owner invited to one more publisher: scope grows and their sessions end', async () => {
    const before = await signIn(t.app, DEMO.single);
    const scopeBefore = claimsOf(before.idToken).scope.PublisherID;
    const inv = (await invite({ email: DEMO.single, publisherIds: ['1001'] })).json();
    expect(inv.existingUser).toBe(true);
    const ok = await accept({ token: await tokenFromMail(DEMO.single) });
    expect(ok.json()).toEqual({ email: DEMO.single, existingUser: true });
    expect((await refreshWithCookie(t.app, before.refreshToken)).statusCode).toBe(401);
    const after = claimsOf((await signIn(t.app, DEMO.single)).idToken).scope.PublisherID;
    expect(after.split(',').sort()).toEqual([...new Set([...scopeBefore.split(','), '1001'])].sort());
  });

  it('refuses bad invitation data: unknown partner, admin access outside the allowed domain, media owner not invited, duplicates', async () => {
    const cases: [object, string, number][] = [
      [{ email: 'n@invitee.example', publisherIds: ['424242'] }, 'publisherIds', 400],
      [{ email: 'n@invitee.example', publisherIds: ['ALL'], adminAccess: true }, 'adminAccess', 400],
      [{ email: 'n@invitee.example', publisherIds: ['1001'], adminAccess: true }, 'adminAccess', 400],
      [{ email: 'n@invitee.example', publisherIds: ['1001'], mediaOwnerIds: ['1002'] }, 'mediaOwnerIds', 400],
      [{ email: DEMO.staff, publisherIds: ['1001'] }, 'email', 409],
      [{ email: 'not-an-email', publisherIds: ['1001'] }, 'email', 400],
    ];
    for (const [body, field, status] of cases) {
      const res = await invite(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    // Admin access for the allowed domain works, and the accepted user is an admin.
    const ok = await invite({ email: 'ops@provider.example', publisherIds: ['ALL'], adminAccess: true });
    expect(ok.statusCode).toBe(200);
    expect((await invite({ email: 'ops@provider.example', publisherIds: ['ALL'] })).statusCode).toBe(409);
    await accept({ token: await tokenFromMail('ops@provider.example'), firstName: 'O', lastName: 'P', password: 'a-good-password' });
    expect(claimsOf((await signIn(t.app, 'ops@provider.example', 'a-good-password')).idToken).scope).toEqual({
      PublisherID: 'ALL',
      AdminAccess: true,
    });
  });

  it('bulk invite from CSV reports each row', async () => {
    const csv =
      'email,publisherIds,mediaOwnerIds\nbulk1@invitee.example,1001;1002,1001\n"bulk2@invitee.example",1002,\nbroken,1001,\nbulk3@invitee.example,777777,\n';
    const res = await call(admin, 'POST', '/api/admin/invitations/bulk', { csv });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created).toBe(2);
    expect(body.rows.map((r: { line: number; ok: boolean }) => [r.line, r.ok])).toEqual([
      [2, true],
      [3, true],
      [4, false],
      [5, false],
    ]);
    expect((await call(admin, 'POST', '/api/admin/invitations/bulk', { csv: 'mail,ids\n' })).statusCode).toBe(400);
  });
});

describe('audit log view', () => {
  it('is admin only, filters by action, actor, partner and date, shows before/after and exports CSV', async () => {
    for (const who of [DEMO.staff, DEMO.multi]) {
      const tok = (await signIn(t.app, who)).idToken;
      expect((await call(tok, 'GET', '/api/admin/audit')).statusCode).toBe(403);
      expect((await call(tok, 'GET', '/api/admin/audit.csv')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    await invite({ email: 'audited@invitee.example', publisherIds: ['1003'] });
    const rows = (await call(admin, 'GET', `/api/admin/audit?action=invitation.create&actor=${DEMO.admin}`)).json();
    const mine = rows.find((r: { details: { after: { email: string } } }) => r.details.after.email === 'audited@invitee.example');
    expect(mine).toMatchObject({ actor: DEMO.admin, publisherId: '1003', action: 'invitation.create' });
    expect(rows.every((r: { action: string }) => r.action.startsWith('invitation.create'))).toBe(true);
    expect((await call(admin, 'GET', '/api/admin/audit?publisherId=1003&action=invitation')).json().length).toBeGreaterThan(0);
    expect((await call(admin, 'GET', '/api/admin/audit?actor=nobody-at-all')).json()).toEqual([]);
    expect((await call(admin, 'GET', '/api/admin/audit?to=2000-01-01')).json()).toEqual([]);
    expect((await call(admin, 'GET', '/api/admin/audit?from=not-a-date')).statusCode).toBe(400);
    const csv = await call(admin, 'GET', '/api/admin/audit.csv?action=invitation.create');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('time,actor,partner,action,details');
    expect(csv.body).toContain('audited@invitee.example');
  });
});

describe('sign in as partner', () => {
  it('admins only; a single-use token scoped to one partner without admin access; start and end audited with the reason', async () => {
    for (const who of [DEMO.staff, DEMO.multi]) {
      const tok = (await signIn(t.app, who)).idToken;
      expect((await call(tok, 'POST', '/api/admin/impersonate', { publisherId: '1002', reason: 'support ticket 42' })).statusCode).toBe(
        403,
      );
    }
    expect((await call(admin, 'POST', '/api/admin/impersonate', { publisherId: '1002', reason: '' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/api/admin/impersonate', { publisherId: '999999', reason: 'support' })).statusCode).toBe(404);
    const res = await call(admin, 'POST', '/api/admin/impersonate', { publisherId: '1002', reason: 'support ticket 42' });
    expect(res.statusCode).toBe(200);
    const { token, expiresIn } = res.json();
    expect(expiresIn).toBeLessThanOrEqual(300);
    const session = await t.app.inject({ method: 'POST', url: '/api/identity/sign-in-with-token', payload: { token } });
    expect(session.statusCode).toBe(200);
    expect(claimsOf(session.json().idToken).scope).toEqual({ PublisherID: '1002', AdminAccess: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/identity/sign-in-with-token', payload: { token } })).statusCode).toBe(400);
    // The partner view has no admin powers.
    expect((await call(session.json().idToken, 'GET', '/api/admin/users')).statusCode).toBe(403);
    expect((await call(session.json().idToken, 'POST', '/api/admin/impersonate/end')).statusCode).toBe(200);
    // An ordinary session cannot claim to end one.
    expect((await call((await signIn(t.app, DEMO.single)).idToken, 'POST', '/api/admin/impersonate/end')).statusCode).toBe(409);
    const rows = (await call(admin, 'GET', '/api/admin/audit?action=impersonation')).json();
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['impersonation.end', 'impersonation.start']);
    expect(rows[1]).toMatchObject({ actor: DEMO.admin, publisherId: '1002', details: { reason: 'support ticket 42' } });
  });
});
