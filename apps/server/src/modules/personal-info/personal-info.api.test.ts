import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

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
    const r = await put({ firstName: 'S', lastName: 'S', email: DEMO.admin });
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
