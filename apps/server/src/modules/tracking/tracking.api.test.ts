import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

// A local analytics service: the first `failures` requests answer 503, then 200.
let received: { headers: Record<string, unknown>; body: Record<string, unknown> }[] = [];
let failures = 0;
let receiver: Server;
let t: TestApp;
let stored: TestApp;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      if (failures > 0) {
        failures--;
        res.writeHead(503).end();
        return;
      }
      received.push({ headers: req.headers, body: JSON.parse(data) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const port = (receiver.address() as AddressInfo).port;
  t = await createTestApp({
    ANALYTICS_FORWARD_URL: `http://127.0.0.1:${port}/events`,
    ANALYTICS_FORWARD_TOKEN: 'analytics-token',
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
  });
  stored = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await stored.close();
  await new Promise((r) => receiver.close(r));
});

const event = (name: string) => ({
  event: name,
  timestamp: '23/11/2026, 10:15:00',
  scope: { type: 'external_single', adminAccess: false, mediaOwnerId: '1002', mediaOwners: [] },
  properties: { publisherId: '1002' },
});
/** What a signed-out page sends: no scope, no partner, the page it comes from. */
const anonymous = (name: string) => ({ event: name, timestamp: '23/11/2026, 10:15:00', properties: { page: '/login' } });
/** Makes every queued retry due now, instead of waiting for its backoff. */
const dueNow = (app: TestApp) => sql`UPDATE jobs SET run_after = now() WHERE queue = 'tracking.forward'`.execute(app.db);

describe('/mp', () => {
  it('stores the event first-party and forwards it to the analytics service, retrying a failure', async () => {
    const { idToken, user } = await signIn(t.app, DEMO.single);
    failures = 1;
    const res = await t.app.inject({ method: 'POST', url: '/api/mp', headers: bearer(idToken), payload: event('Overview View') });
    expect(res.statusCode).toBe(202);
    const row = await t.db.selectFrom('tracking_events').selectAll().where('event', '=', 'Overview View').executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.uid);

    await t.built.workers.trackingForwards.drain();
    expect(received).toHaveLength(0); // the 503: retried later, not lost
    await dueNow(t);
    await t.built.workers.trackingForwards.drain();
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [(typeof received)[0]];
    expect(headers.authorization).toBe('Bearer analytics-token');
    expect(headers['idempotency-key']).toBe(`pc-event-${row.id}`);
    expect(body).toMatchObject({
      id: row.id,
      event: 'Overview View',
      timestamp: '23/11/2026, 10:15:00',
      userId: user.uid,
      scope: { type: 'external_single', mediaOwnerId: '1002' },
      properties: { publisherId: '1002' },
    });
    const job = await t.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('queue', '=', 'tracking.forward')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('accepts anonymous events and never fails the browser call when the service is down', async () => {
    received = [];
    failures = 100;
    const res = await t.app.inject({ method: 'POST', url: '/api/mp', payload: anonymous('Login') });
    expect(res.statusCode).toBe(202);
    for (let i = 0; i < 5; i++) {
      await dueNow(t);
      await t.built.workers.trackingForwards.drain();
    }
    expect(received).toHaveLength(0);
    const jobs = await t.db
      .selectFrom('jobs')
      .select('status')
      .where('queue', '=', 'tracking.forward')
      .where('status', '=', 'failed')
      .execute();
    expect(jobs).toHaveLength(1);
    expect(await t.db.selectFrom('tracking_events').select('id').where('event', '=', 'Login').execute()).toHaveLength(1);
    failures = 0;
  });

  it('without an analytics service, stores only and queues nothing', async () => {
    const res = await stored.app.inject({ method: 'POST', url: '/api/mp', payload: anonymous('Help Center') });
    expect(res.statusCode).toBe(202);
    expect(await stored.db.selectFrom('tracking_events').select('id').where('event', '=', 'Help Center').execute()).toHaveLength(1);
    expect(await stored.db.selectFrom('jobs').select('id').where('queue', '=', 'tracking.forward').execute()).toHaveLength(0);
  });

  it('refuses a timestamp not in the spec format', async () => {
    const res = await stored.app.inject({
      method: 'POST',
      url: '/api/mp',
      payload: { ...event('Login'), timestamp: '2026-11-23T10:15:00Z' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('timestamp');
  });
});

describe('shutdown', () => {
  it('closes the forwarding client with the app: no kept-alive connection to the analytics service outlives it', async () => {
    // The service keeps idle connections a minute, so only the client closing its own ends them.
    const service = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    service.keepAliveTimeout = 60_000;
    await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
    const connections = () => new Promise<number>((r, j) => service.getConnections((err, n) => (err ? j(err) : r(n))));
    const app = await createTestApp({
      ANALYTICS_FORWARD_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}/events`,
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    });
    try {
      expect((await app.app.inject({ method: 'POST', url: '/api/mp', payload: anonymous('Logout') })).statusCode).toBe(202);
      await app.built.workers.trackingForwards.drain();
      const job = await app.db.selectFrom('jobs').select('status').where('queue', '=', 'tracking.forward').executeTakeFirstOrThrow();
      expect(job.status).toBe('done');
      expect(await connections()).toBe(1); // the forward's connection, kept alive by the client
    } finally {
      await app.close();
    }
    await expect.poll(connections, { timeout: 2_000 }).toBe(0);
    await new Promise((r) => service.close(r));
  });
});
