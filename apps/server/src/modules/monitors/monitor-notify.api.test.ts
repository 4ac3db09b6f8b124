import { createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { createGuardedFetch, type GuardedFetch } from '../../lib/outbound/guarded-fetch';
import { startLocalTestServer, type LocalTestServer } from '../../../test/local-test-server';
import { verifyWebhook } from '../../lib/webhooks';
import { publisherRecipients } from '../../mail/publisher-recipients';

// The app's own scheduler, notifier, mail worker and webhook worker, wired as in production; the
// monitored target, a TLS target with a certificate 5 days from expiry and the webhook receiver
// are real local servers.
let t: TestApp;
let target: LocalTestServer;
let receiver: LocalTestServer;
let tls: Server;
let tlsUrl: string;
let monitorsFetch: GuardedFetch;
let multi: string;
let secret: string;
let failing = false;
/** The publisher's own users: mailed about its monitors' changes besides each monitor's notifyEmails. */
let users: string[];
const received: { headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  target = await startLocalTestServer((_req, res) => (failing ? res.writeHead(503).end('down') : res.writeHead(200).end('ok')));
  receiver = await startLocalTestServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    notAfterDate: new Date(Date.now() + 5 * 86_400_000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  tls = createServer({ key: pems.private, cert: pems.cert }, (_req, res) => res.writeHead(200).end('secure'));
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
  tlsUrl = `https://127.0.0.1:${(tls.address() as AddressInfo).port}/`;
  monitorsFetch = createGuardedFetch({ allowHosts: ['127.0.0.1'], ca: [pems.cert] });
  t = await createTestApp(
    // The digest has its own test file: here every change is mailed on its own.
    { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', UPTIME_MIN_INTERVAL_SECONDS: '30', WEBHOOK_RETRY_BASE_MS: '0', UPTIME_DIGEST_THRESHOLD: '1000' },
    { monitorsFetch },
  );
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  // Outside alert recipients confirmed their link earlier (monitor-recipients.api.test.ts covers the link).
  await t.db
    .insertInto('monitor_recipients')
    .values(
      ['oncall@northwind.example', 'ops@northwind.example', 'extra@northwind.example', 'certs@northwind.example'].map((email) => ({
        publisher_id: '1001',
        email,
        token_hash: null,
        confirmed_at: new Date(),
      })),
    )
    .execute();
  users = (await publisherRecipients(t.db, '1001')).map((e) => e.toLowerCase());
  expect(users).toContain(DEMO.multi.toLowerCase());
  await t.db
    .insertInto('feature_flag_overrides')
    .values([
      { flag_key: 'uptime.max_monitors', publisher_id: '1001', value: JSON.stringify(100) },
      // One-minute checks, as on Enterprise: these tests step through the scheduler's minute slots.
      { flag_key: 'uptime.check_intervals', publisher_id: '1001', value: JSON.stringify(['1', '5', '15', '60']) },
    ])
    .execute();
  const sub = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/webhooks',
    headers: bearer(multi, '1001'),
    payload: {
      name: 'On-call',
      url: receiver.url('127.0.0.1', '/hooks'),
      format: 'json',
      events: ['monitor.down', 'monitor.up', 'monitor.certificate_expiring'],
      enabled: true,
    },
  });
  expect(sub.statusCode, sub.body).toBe(200);
  secret = sub.json().secret;
});
afterAll(async () => {
  await t.close();
  await target.close();
  await receiver.close();
  await new Promise((resolve) => tls.close(resolve));
  await monitorsFetch.close();
});
beforeEach(() => {
  received.length = 0;
});

const create = async (name: string, url: string, over: object = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/monitors',
    headers: bearer(multi, '1001'),
    payload: {
      name,
      url,
      siteId: '5001',
      intervalSeconds: 60,
      timeoutSeconds: 5,
      retries: 0,
      acceptedStatusCodes: ['200-299'],
      certExpiryDays: 0,
      notifyEmails: ['oncall@northwind.example', 'Ops@Northwind.example'],
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
};
/** One scheduled check now, through the app's own scheduler. */
const checkNow = async (id: string) => {
  await t.db
    .updateTable('monitors')
    .set({ next_check_at: sql`now() - interval '1 millisecond'` })
    .where('id', '=', id)
    .execute();
  await t.built.monitorScheduler.drain();
};
const jobsFor = (id: string) =>
  t.db
    .selectFrom('jobs')
    .select(['payload', 'status'])
    .where('queue', '=', 'monitor-notify')
    .where(sql<boolean>`payload->'event'->>'monitorId' = ${id}`)
    .execute();
const outboxFor = (name: string) =>
  t.db.selectFrom('outbox').select(['to_address', 'subject', 'text_body']).where('subject', 'like', `%${name}%`).orderBy('id').execute();
const incidentMailsFor = (incidentId: string) =>
  t.db
    .selectFrom('jobs')
    .select('id')
    .where('queue', '=', 'incident-notify')
    .where(sql<boolean>`payload->>'incidentId' = ${incidentId}`)
    .execute();
const deliver = async () => {
  while ((await t.built.workers.monitorNotifications.drain()) > 0);
  while ((await t.built.workers.webhookDeliveries.drain()) > 0);
};
const events = () =>
  received.map((r) => ({
    ok: verifyWebhook(secret, r.headers, r.body),
    ...(JSON.parse(r.body) as { type: string; data: Record<string, unknown> }),
  }));

describe('monitor notifications', () => {
  it('e-mails notifyEmails once per state change (down, up again) and sends signed monitor.down / monitor.up webhooks', async () => {
    const id = await create('Notify shop', target.url('127.0.0.1', '/'));
    await checkNow(id);
    expect(await jobsFor(id)).toHaveLength(0); // a first success is no recovery

    failing = true;
    await checkNow(id);
    // Queued by the transaction that stored the result and opened the incident: both exist together.
    const incident = await t.db
      .selectFrom('incidents')
      .select(['id', 'status'])
      .where('dedupe_key', '=', `monitor:${id}:down`)
      .executeTakeFirstOrThrow();
    expect(incident.status).toBe('open');
    const queued = await jobsFor(id);
    const everyone = [...new Set(['oncall@northwind.example', 'ops@northwind.example', ...users])].sort();
    expect(queued.map((j) => (j.payload as { to: string }).to).sort()).toEqual(everyone);
    // The incident's own "New incident" mail is not queued as well: the monitor's mail says it.
    expect(await incidentMailsFor(incident.id)).toHaveLength(0);
    expect(queued[0]!.payload).toMatchObject({ event: { change: 'down', incidentId: incident.id, httpStatus: 503 } });
    await checkNow(id); // still down: an occurrence, no new message
    expect(await jobsFor(id)).toHaveLength(everyone.length);
    await deliver();
    const down = await outboxFor('Notify shop is down');
    expect(down.map((m) => m.to_address).sort()).toEqual(everyone);
    expect(down[0]!.subject).toBe('Partners Center: Notify shop is down');
    expect(down[0]!.text_body).toContain('status 503 is not an accepted status');
    expect(down[0]!.text_body).toContain(`/uptime-monitoring/${id}`);
    expect(events()).toEqual([
      expect.objectContaining({
        ok: true,
        type: 'monitor.down',
        data: expect.objectContaining({ monitorId: id, incidentId: incident.id, change: 'down' }),
      }),
    ]);
    expect(received[0]!.headers['webhook-event']).toBe('monitor.down');

    failing = false;
    received.length = 0;
    await checkNow(id);
    await deliver();
    const up = await outboxFor('Notify shop is up again');
    expect(up).toHaveLength(everyone.length);
    expect(await incidentMailsFor(incident.id)).toHaveLength(0);
    expect(up[0]!.text_body).toContain('its incident is resolved');
    expect(events()).toEqual([
      expect.objectContaining({ ok: true, type: 'monitor.up', data: expect.objectContaining({ monitorId: id, change: 'up' }) }),
    ]);
    expect(await jobsFor(id)).toHaveLength(2 * everyone.length);
  });

  it('a publisher user who is also in notifyEmails gets one mail per change, not two', async () => {
    const me = DEMO.multi;
    const id = await create('Dedupe shop', target.url('127.0.0.1', '/'), { notifyEmails: [me.toUpperCase(), 'extra@northwind.example'] });
    await checkNow(id);
    failing = true;
    await checkNow(id);
    failing = false;
    await checkNow(id);
    await deliver();
    while ((await t.built.workers.incidentNotifications.drain()) > 0);
    const toMe = await t.db
      .selectFrom('outbox')
      .select('subject')
      .where(sql<boolean>`lower(to_address) = ${me.toLowerCase()}`)
      .where('subject', 'like', '%Dedupe shop%')
      .execute();
    expect(toMe.map((m) => m.subject).sort()).toEqual(['Partners Center: Dedupe shop is down', 'Partners Center: Dedupe shop is up again']);
    expect((await outboxFor('Dedupe shop is down')).map((m) => m.to_address).sort()).toEqual(
      [...new Set(['extra@northwind.example', ...users])].sort(),
    );
  });

  it('warns once when the TLS certificate enters its warning window: e-mail and a signed monitor.certificate_expiring', async () => {
    const id = await create('Cert shop', tlsUrl, { certExpiryDays: 14, notifyEmails: ['certs@northwind.example'] });
    await checkNow(id);
    await checkNow(id); // still inside the window: no second warning
    await deliver();
    const mails = await outboxFor('TLS certificate of Cert shop');
    expect(mails.map((m) => m.to_address).sort()).toEqual([...new Set(['certs@northwind.example', ...users])].sort());
    expect(mails[0]!.subject).toMatch(/^Partners Center: the TLS certificate of Cert shop expires on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(events()).toEqual([
      expect.objectContaining({
        ok: true,
        type: 'monitor.certificate_expiring',
        data: expect.objectContaining({ monitorId: id, certExpiresAt: expect.any(String) }),
      }),
    ]);
  });

  it("a monitor without notifyEmails mails only the publisher's users, and still tells the signed webhooks", async () => {
    const id = await create('Quiet shop', target.url('127.0.0.1', '/'), { notifyEmails: [] });
    failing = true;
    await checkNow(id);
    failing = false;
    expect(await jobsFor(id)).toHaveLength(users.length);
    await deliver();
    expect((await outboxFor('Quiet shop is down')).map((m) => m.to_address).sort()).toEqual(users);
    expect(events().map((e) => e.type)).toEqual(['monitor.down']);
  });
});
