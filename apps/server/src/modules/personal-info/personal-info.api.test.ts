import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { DEMO, bearer, createTestApp, signIn, type TestApp, refreshWithCookie } from '../../../test/test-app';
import { deliveredMails } from '../../../test/delivered-mail';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, DEMO.single)).idToken;
});
afterAll(async () => t.close());

const put = (payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/personal-info', headers: bearer(token), payload: payload as object });

describe('personal-info', () => {
  it('returns the signed-in user', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/personal-info', headers: bearer(token) });
    expect(r.json()).toEqual({ firstName: 'Sasha', lastName: 'Single', email: DEMO.single, phoneNumber: '' });
  });

  it.each([
    [{ firstName: '', lastName: 'L', email: 'a@b.co' }, { firstName: 'First Name is required!' }],
    [{ firstName: 'F', lastName: '', email: 'a@b.co' }, { lastName: 'Last Name is required!' }],
    [{ firstName: 'F', lastName: 'L', email: '' }, { email: 'Email is required!' }],
    [{ firstName: 'F', lastName: 'L', email: 'nope' }, { email: 'Email is invalid!' }],
    [{ firstName: 'F', lastName: 'L', email: 'a@b.co', phoneNumber: '123' }, { phoneNumber: 'Phone is invalid!' }],
    [{ lastName: 'L', email: 'a@b.co' }, { firstName: 'First Name is required!' }],
  ])('rejects %j with the spec message', async (body, fields) => {
    const r = await put(body);
    expect(r.statusCode).toBe(400);
    expect(r.json().fields).toEqual(fields);
  });

  it('saves valid info; an empty phone is allowed and nothing is lost on a failed save', async () => {
    const ok = await put({ firstName: 'Sasha', lastName: 'Singh', email: DEMO.single, phoneNumber: '+44 20 7946 0958' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().phoneNumber).toBe('+44 20 7946 0958');
    const bad = await put({ firstName: 'Sasha', lastName: '', email: DEMO.single });
    expect(bad.statusCode).toBe(400);
    const after = await t.app.inject({ method: 'GET', url: '/api/personal-info', headers: bearer(token) });
    expect(after.json().lastName).toBe('Singh');
    const empty = await put({ firstName: 'Sasha', lastName: 'Singh', email: DEMO.single, phoneNumber: '' });
    expect(empty.json().phoneNumber).toBe('');
  });

  it("refuses another account's e-mail", async () => {
    const r = await put({ firstName: 'S', lastName: 'S', email: DEMO.admin, currentPassword: DEMO.password });
    expect(r.statusCode).toBe(400);
    expect(r.json().fields).toEqual({ email: 'This email is used by another account.' });
  });

  it('reads a user who has no name yet (created by staff) instead of failing', async () => {
    await t.db.updateTable('users').set({ first_name: '', last_name: '' }).where('email', '=', DEMO.single).execute();
    const r = await t.app.inject({ method: 'GET', url: '/api/personal-info', headers: bearer(token) });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ firstName: '', lastName: '', email: DEMO.single });
  });
});

describe('changing the sign-in e-mail', () => {
  // As delivered (the outbox table holds them with the link's code redacted).
  const mailsTo = async (to: string) => deliveredMails(t.config.DATA_DIR, to).map((m) => ({ subject: m.subject, text_body: m.text }));
  const storedEmail = async (id: string) =>
    (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
  const linkCode = (text: string) => decodeURIComponent(/confirmEmail=([^\s&]+)/.exec(text)![1]!);
  const confirm = (code: string) => t.app.inject({ method: 'POST', url: '/api/personal-info/email/confirm', payload: { code } });
  const newUser = async (email: string) => {
    const hash = (await t.db.selectFrom('users').select('password_hash').where('email', '=', DEMO.single).executeTakeFirstOrThrow())
      .password_hash;
    const row = await t.db
      .insertInto('users')
      .values({ email, password_hash: hash, first_name: 'Old', last_name: 'Name', publisher_scope: '1001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, token: (await signIn(t.app, email)).idToken };
  };
  const putAs = (tok: string, payload: object) => t.app.inject({ method: 'PUT', url: '/api/personal-info', headers: bearer(tok), payload });

  it('a bearer token alone cannot change the e-mail: the current password is required and checked', async () => {
    const u = await newUser('victim@demo.example');
    const none = await putAs(u.token, { firstName: 'Old', lastName: 'Name', email: 'attacker@evil.example' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ currentPassword: 'Enter your current password to change your email.' });
    const wrong = await putAs(u.token, {
      firstName: 'Old',
      lastName: 'Name',
      email: 'attacker@evil.example',
      currentPassword: 'guess-1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'The current password is incorrect.' });
    // Without the password the token does not even learn whether an address has an account.
    const probe = await putAs(u.token, { firstName: 'Old', lastName: 'Name', email: DEMO.admin });
    expect(probe.json().fields).toEqual({ currentPassword: 'Enter your current password to change your email.' });
    expect(await storedEmail(u.id)).toBe('victim@demo.example');
    expect(await mailsTo('attacker@evil.example')).toHaveLength(0);
  });

  it('nothing about sign-in changes until the new address confirms; then it does, once', async () => {
    const u = await newUser('mover@demo.example');
    const r = await putAs(u.token, { firstName: 'New', lastName: 'Person', email: 'moved@demo.example', currentPassword: DEMO.password });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      firstName: 'New',
      lastName: 'Person',
      email: 'mover@demo.example',
      pendingEmail: 'moved@demo.example',
    });
    expect(await storedEmail(u.id)).toBe('mover@demo.example');
    // The old address is told; the new one gets the link.
    const [toOld] = await mailsTo('mover@demo.example');
    expect(toOld!.text_body).toContain('moved@demo.example');
    const [toNew] = await mailsTo('moved@demo.example');
    // Still the old sign-in: the new address cannot sign in nor receive a reset.
    const viaNew = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      payload: { email: 'moved@demo.example', password: DEMO.password },
    });
    expect(viaNew.statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/identity/password-reset', payload: { email: 'moved@demo.example' } });
    // The route only enqueues; the job sends the mail.
    while ((await t.built.workers.passwordResetMails.drain()) > 0);
    expect(await mailsTo('moved@demo.example')).toHaveLength(1);

    const ok = await confirm(linkCode(toNew!.text_body));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: 'moved@demo.example' });
    expect(await storedEmail(u.id)).toBe('moved@demo.example');
    expect((await signIn(t.app, 'moved@demo.example')).idToken).toBeTruthy();
    expect((await mailsTo('mover@demo.example')).at(-1)!.text_body).toContain('is now moved@demo.example');
    const again = await confirm(linkCode(toNew!.text_body));
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ code: 'This confirmation link is invalid or has expired.' });
    const audit = await t.db.selectFrom('audit_log').select('action').where('actor_user_id', '=', u.id).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['profile.email_change_requested', 'profile.email_changed']));
  });

  it('the new name reaches the header at once: the next token carries it', async () => {
    const s = await signIn(t.app, DEMO.multi);
    const r = await putAs(s.idToken, { firstName: 'Renamed', lastName: 'Person', email: DEMO.multi });
    expect(r.statusCode).toBe(200);
    const refreshed = await refreshWithCookie(t.app, s.refreshToken);
    expect(decodeJwt(refreshed.json().idToken).name).toBe('Renamed Person');
  });

  it('two accounts confirming the same new address at once: one 200, one 409, never a 500 (item 7)', async () => {
    const a = await newUser('race-a@demo.example');
    const b = await newUser('race-b@demo.example');
    for (const u of [a, b])
      expect(
        (await putAs(u.token, { firstName: 'R', lastName: 'R', email: 'contested@demo.example', currentPassword: DEMO.password }))
          .statusCode,
      ).toBe(200);
    const codes = (await mailsTo('contested@demo.example')).map((m) => linkCode(m.text_body));
    const answers = await Promise.all(codes.map(confirm));
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    // The loser is told which field conflicts (from the unique index), not a bare "conflict".
    expect(answers.find((x) => x.statusCode === 409)!.json().fields).toEqual({ email: expect.any(String) });
    const owners = await t.db.selectFrom('users').select('id').where('email', '=', 'contested@demo.example').execute();
    expect(owners).toHaveLength(1);
  });
});
