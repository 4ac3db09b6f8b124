import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';
import { seedDemoMonitors } from '../modules/monitors';

/**
 * Demo mode (`npm start`) allows the demo monitors their own loopback targets and nothing else:
 * a tenant's monitor must not read the loopback-only /metrics or any path of the portal's own
 * port, and its error texts must not tell an open loopback port from a closed one.
 */
let t: TestApp;
let token: string;
let appPort: number;
const HOME = '00000000-0000-4000-8000-00000000d001'; // Northwind News home (publisher 1001)
const DOWN = '00000000-0000-4000-8000-00000000d003'; // Evergreen checkout API (publisher 1003, port 9)

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

beforeAll(async () => {
  t = await createTestApp({ DEMO_DATA: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appPort = (t.app.server.address() as AddressInfo).port;
  // What main.ts does after start: the demo monitors point at the demo's target listener.
  const targetsPort = (t.built as { demoTargetsPort?: number | null }).demoTargetsPort ?? appPort;
  await seedDemoMonitors(t.db, targetsPort, pino({ level: 'silent' }));
  token = (await signIn(t.app, DEMO.multi)).idToken;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const checkWith = async (id: string, publisher: string, url: string, keyword: string | null = null) => {
  await t.db.updateTable('monitors').set({ url, keyword }).where('id', '=', id).execute();
  const res = await t.app.inject({ method: 'POST', url: `/api/monitors/${id}/check`, headers: bearer(token, publisher) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ok: boolean; keywordFound: boolean | null; error: string | null; httpStatus: number | null };
};

describe('demo mode loopback allowance', () => {
  it("a monitor never reads the portal's /metrics or other paths of its port through loopback", async () => {
    const metrics = await checkWith(HOME, '1001', `http://127.0.0.1:${appPort}/metrics`, 'pc_jobs');
    expect(metrics.keywordFound).not.toBe(true);
    expect(metrics).toMatchObject({ ok: false, httpStatus: null });
    const config = await checkWith(HOME, '1001', `http://127.0.0.1:${appPort}/api/config`);
    expect(config).toMatchObject({ ok: false, httpStatus: null });
    // "Test now" of the form is refused by the guarded client before any request.
    const test = await t.app.inject({
      method: 'POST',
      url: '/api/monitors/test',
      headers: bearer(token, '1001'),
      payload: {
        name: 'Metrics',
        url: `http://127.0.0.1:${appPort}/metrics`,
        intervalSeconds: 60,
        timeoutSeconds: 5,
        retries: 0,
        acceptedStatusCodes: ['200-299'],
        keyword: 'pc_jobs',
        certExpiryDays: 0,
      },
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ ok: false, keywordFound: null, httpStatus: null });
  });

  it('an open and a closed loopback port give the same answer', async () => {
    const open = await checkWith(HOME, '1001', `http://127.0.0.1:${appPort}/healthz`);
    const closed = await checkWith(HOME, '1001', `http://127.0.0.1:${await closedPort()}/healthz`);
    expect(open.ok).toBe(false);
    expect(open.error).toBe(closed.error);
    // Not even a loopback name: only the exact seeded ip:port pairs are allowed.
    const named = await checkWith(HOME, '1001', `http://localhost:${appPort}/healthz`);
    expect(named.ok).toBe(false);
  });

  it("the demo's own seeded targets still work", async () => {
    await seedDemoMonitors(t.db, t.built.demoTargetsPort!, pino({ level: 'silent' }));
    const home = await t.app.inject({ method: 'POST', url: `/api/monitors/${HOME}/check`, headers: bearer(token, '1001') });
    expect(home.json()).toMatchObject({ ok: true, httpStatus: 200 });
    const down = await t.app.inject({ method: 'POST', url: `/api/monitors/${DOWN}/check`, headers: bearer(token, '1003') });
    expect(down.json()).toMatchObject({
      ok: false,
      error: 'the server could not be reached (no connection: refused, unreachable, timed out or a TLS failure)',
    });
  });

  it('site-tag verify reads the demo page without a connection, and reaches no loopback port of the portal', async () => {
    const verify = (url: string) =>
      t.app.inject({ method: 'POST', url: '/api/site-tag/sites/5001/verify', headers: bearer(token, '1001'), payload: { url } });
    // The demo page is the portal's own: found, with no outbound client allowed onto loopback.
    const demo = await verify(`${(t.config.PUBLIC_URL ?? '').replace(/\/$/, '')}/demo/sites/5001`);
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.json()).toMatchObject({ found: true });
    // A site whose address is the portal's own port (as a redirect from a public page could lead
    // verify there): the loopback-only /metrics is not loaded.
    await t.db
      .updateTable('sites')
      .set({ domain: `http://127.0.0.1:${appPort}/metrics` })
      .where('id', '=', '5001')
      .execute();
    const metrics = await t.app.inject({
      method: 'POST',
      url: '/api/site-tag/sites/5001/verify',
      headers: bearer(token, '1001'),
      payload: {},
    });
    expect(metrics.statusCode, metrics.body).toBe(200);
    expect(metrics.json().message).toMatch(/^We could not load /);
  });
});
