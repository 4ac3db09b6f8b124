import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

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
