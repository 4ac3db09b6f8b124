import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApp, signIn, type TestApp } from '../../test/test-app';
import type { Access } from './request-context';

// API tests for every admin route x every role: every staff and admin operation of the
// OpenAPI document (each carries its `x-access`, http/openapi.ts), called by every role. Refusals
// come from the one access hook (http/access.ts) before a body is read; a role that is let through
// gets whatever the route answers next (400, 404, ...), never 401 or the access hook's 403.
let t: TestApp;
type Role = 'anonymous' | 'single' | 'multi' | 'staff' | 'admin';
const who: Record<Role, { token: string | null; publisher: string | null }> = {
  anonymous: { token: null, publisher: null },
  single: { token: null, publisher: '1002' },
  multi: { token: null, publisher: '1001' },
  staff: { token: null, publisher: '1001' },
  admin: { token: null, publisher: '1003' },
};
beforeAll(async () => {
  t = await createTestApp();
  who.single.token = (await signIn(t.app, DEMO.single)).idToken;
  who.multi.token = (await signIn(t.app, DEMO.multi)).idToken;
  who.staff.token = (await signIn(t.app, DEMO.staff)).idToken;
  who.admin.token = (await signIn(t.app, DEMO.admin)).idToken;
}, 120_000);
afterAll(async () => t.close());

/** Who the access rule lets through, per level (spec section 6; staff without admin access read a subset). */
const ALLOWED: Record<'staff' | 'admin', readonly Role[]> = {
  staff: ['staff', 'admin'],
  admin: ['admin'],
};
const REFUSALS = /^(Only provider staff can do this\.|Only provider admins can do this\.)$/;

interface Operation {
  'x-access'?: Access;
}

function operations(): { verb: string; path: string; access: 'staff' | 'admin' }[] {
  const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger();
  const out: { verb: string; path: string; access: 'staff' | 'admin' }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const access = op['x-access'];
      if (access === 'staff' || access === 'admin') out.push({ verb: method.toUpperCase(), path, access });
    }
  }
  return out;
}

async function call(role: Role, verb: string, path: string) {
  // An id nothing has, and a body that fails validation: a role let through changes nothing.
  const url = path.replace(/\{[^}]+\}/g, '999999999');
  const { token, publisher } = who[role];
  const res = await t.app.inject({
    method: verb as 'GET',
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(publisher ? { 'publisher-scope': publisher } : {}),
      ...(verb === 'GET' || verb === 'DELETE' ? {} : { 'content-type': 'application/json' }),
    },
    ...(verb === 'GET' || verb === 'DELETE' ? {} : { payload: '{"__invalid__":' }),
  });
  const message = res.headers['content-type']?.includes('json') ? String((res.json() as { message?: unknown }).message ?? '') : '';
  return { status: res.statusCode, refusedByAccess: res.statusCode === 401 || (res.statusCode === 403 && REFUSALS.test(message)) };
}

describe('admin and staff routes x every role', () => {
  it('the OpenAPI document says who may call every operation', () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger();
    const missing = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => !op['x-access'])
        .map(([m]) => `${m.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
    const ops = operations();
    // The console's parts: partners, users, invitations, flags, usage, audit, outbox, data loads.
    for (const part of ['/api/admin/users', '/api/admin/invitations', '/api/admin/audit', '/api/admin/outbox'])
      expect(
        ops.some((o) => o.path.startsWith(part)),
        part,
      ).toBe(true);
    expect(ops.filter((o) => o.access === 'admin').length).toBeGreaterThan(10);
  });

  it('refuses anonymous callers (401), media owners and staff without admin access (403); lets the right roles through', async () => {
    const wrong: string[] = [];
    for (const { verb, path, access } of operations()) {
      for (const role of Object.keys(who) as Role[]) {
        const { status, refusedByAccess } = await call(role, verb, path);
        const allowed = ALLOWED[access].includes(role);
        if (status >= 500) wrong.push(`${verb} ${path} as ${role}: ${status}`);
        else if (allowed && refusedByAccess) wrong.push(`${verb} ${path} as ${role}: refused (${status}), should pass`);
        else if (!allowed && !refusedByAccess) wrong.push(`${verb} ${path} as ${role}: ${status}, should be refused`);
        else if (role === 'anonymous' && status !== 401) wrong.push(`${verb} ${path} anonymous: ${status}, should be 401`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
