import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { spawnSync } from 'node:child_process';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../test/test-app';
import { enforceRouteDeclarations } from './http/access';
import { loadConfig } from './config/env';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('configuration', () => {
  it.each([
    ['ADMIN_ACCESS', 'yes', /ADMIN_ACCESS="yes" accepts only true or false/],
    ['DEV_FEATURES', 'TRUE', /DEV_FEATURES="TRUE" accepts only true or false/],
    ['PORT', 'eighty', /PORT="eighty" accepts a port number/],
    ['SHOW_NEW_FEATURES_UNTIL', '31/12/2026', /SHOW_NEW_FEATURES_UNTIL=.*accepts a date YYYY-MM-DD/],
    ['DEMO_PUBLISHER_IDS', '1001;1002', /DEMO_PUBLISHER_IDS=.*comma-separated/],
  ])('%s=%s is refused with a message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('defaults adminAccess to true and persists booleans as booleans', () => {
    const c = loadConfig({});
    expect(c.ADMIN_ACCESS).toBe(true);
    expect(loadConfig({ ADMIN_ACCESS: 'false' }).ADMIN_ACCESS).toBe(false);
  });

  // Starting tsx and importing the app can take tens of seconds on a loaded CI machine. A process
  // that never ends is killed at the time-out: its signal is in the failure message.
  it.each([
    ['npm start', 'apps/server/src/main.ts', '--demo'],
    ['the command line', 'apps/server/src/cli.ts', 'migrate'],
  ])('%s exits non-zero on a bad value with one line naming it', { timeout: 120_000 }, (_, script, arg) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', script, arg], {
      env: { ...process.env, ADMIN_ACCESS: 'yes', DATA_DIR: '/nonexistent-should-not-be-used' },
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect({ status: r.status, signal: r.signal }).toEqual({ status: 1, signal: null });
    expect(r.stderr.trim()).toBe('Invalid configuration: ADMIN_ACCESS="yes" accepts only true or false');
  });
});

describe('route declarations', () => {
  it('a route without access fails at start-up', () => {
    const app = Fastify();
    enforceRouteDeclarations(app);
    expect(() => app.get('/api/oops', async () => ({}))).toThrow(/does not declare config.access/);
  });

  it('a route without schemas fails at start-up', () => {
    const app = Fastify();
    enforceRouteDeclarations(app);
    expect(() => app.get('/api/oops', { config: { access: 'signedIn' } }, async () => ({}))).toThrow(/does not declare its zod schemas/);
  });
});

describe('server hygiene', () => {
  it('sends security headers and a request id', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-request-id']).toBeTruthy();
    // HSTS only behind TLS; the test PUBLIC_URL is http.
    expect(r.headers['strict-transport-security']).toBeUndefined();
  });

  it('CSP allows a third-party host only when its service is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).headers['content-security-policy']).not.toContain('hotjar');
    const withRecorder = await createTestApp({ SESSION_RECORDER_ID: '123' });
    try {
      const csp = (await withRecorder.app.inject({ method: 'GET', url: '/api/config' })).headers['content-security-policy'] as string;
      expect(csp).toContain('https://static.hotjar.com');
    } finally {
      await withRecorder.close();
    }
  });

  it('the public configuration does not name who may be an admin (ALLOWED_ADMIN_EMAIL stays on the server)', async () => {
    const withAllowList = await createTestApp({ ALLOWED_ADMIN_EMAIL: 'ops@provider.example,@staff.example' });
    try {
      const res = await withAllowList.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('allowedAdminEmail');
      expect(res.body).not.toContain('provider.example');
      expect(res.body).not.toContain('staff.example');
    } finally {
      await withAllowList.close();
    }
  });

  it('healthz and readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('serves OpenAPI generated from the schemas', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = r.json();
    expect(spec.paths['/api/personal-info'].put.requestBody).toBeDefined();
    expect(spec.paths['/api/partners'].get).toBeDefined();
  });

  it('unknown API paths answer 404 in the error shape', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(r.statusCode).toBe(404);
    expect(r.json().name).toBe('NotFound');
  });

  it('bad JSON is a 400 in the error shape, not a 500', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBeTruthy();
  });
});

describe('tracking /mp', () => {
  it('stores an event attributed to the signed-in user', async () => {
    const s = await signIn(t.app, DEMO.multi);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/mp',
      headers: bearer(s.idToken),
      payload: {
        event: 'Login',
        timestamp: '22/11/2026, 10:15:00',
        scope: { type: 'other', adminAccess: false, mediaOwnerId: null, mediaOwners: ['1001', '1003'] },
      },
    });
    expect(r.statusCode).toBe(202);
    const row = await t.db.selectFrom('tracking_events').selectAll().where('event', '=', 'Login').executeTakeFirstOrThrow();
    expect(row.user_id).toBe(s.user.uid);
    expect(row.client_timestamp).toBe('22/11/2026, 10:15:00');
  });

  it('refuses a timestamp in another format', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/mp', payload: { event: 'Login', timestamp: '2026-11-22T10:15:00Z' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().fields.timestamp).toMatch(/dd\/MM\/yyyy/);
  });
});

describe('admin outbox', () => {
  it('admins read it; staff without admin access cannot', async () => {
    await t.app.inject({ method: 'POST', url: '/api/identity/password-reset', payload: { email: DEMO.single } });
    // The route only enqueues; the job sends the mail.
    while ((await t.built.workers.passwordResetMails.drain()) > 0);
    const admin = await signIn(t.app, DEMO.admin);
    const r = await t.app.inject({ method: 'GET', url: `/api/admin/outbox?to=${DEMO.single}`, headers: bearer(admin.idToken) });
    expect(r.json()[0].subject).toMatch(/Reset your/);
    const staff = await signIn(t.app, DEMO.staff);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: bearer(staff.idToken) })).statusCode).toBe(403);
  });
});
