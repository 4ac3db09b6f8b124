import type { IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { startLocalTestServer, type LocalTestServer } from '../../../test/local-test-server';
import { verifyWebhook } from '../../lib/webhooks';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let t: TestApp;
let receiver: LocalTestServer;
let multi: string;
let single: string;
let staff: string;
const received: Received[] = [];
/** Status codes the receiver answers with, in order; 200 once they run out. */
let script: number[] = [];

beforeAll(async () => {
  receiver = await startLocalTestServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.statusCode = script.shift() ?? 200;
      res.end('ok');
    });
  });
  // 127.0.0.1 is allow-listed: the only plain-http receiver the API accepts, and reachable by the guard.
  t = await createTestApp({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '0' });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
afterEach(() => {
  received.length = 0;
  script = [];
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, publisher: string | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
const drainAll = async () => {
  while ((await t.built.workers.webhookDeliveries.drain()) > 0);
};
const input = (over: object = {}) => ({
  name: 'Ops receiver',
  url: receiver.url('127.0.0.1', '/hooks'),
  format: 'json',
  events: ['incident.opened', 'incident.resolved'],
  enabled: true,
  ...over,
});
const create = async (over: object = {}) => {
  const res = await call(multi, '1001', 'POST', '/api/integrations/webhooks', input(over));
  expect(res.statusCode).toBe(200);
  return res.json() as { subscription: { id: string; secretPrefix: string }; secret: string };
};

describe('integrations webhooks', () => {
  it('refuses bad input with a 400 and fields: plain http to a public host, no events, no name', async () => {
    const res = await call(
      multi,
      '1001',
      'POST',
      '/api/integrations/webhooks',
      input({ url: 'http://example.com/hook', events: [], name: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['events', 'name']));
    const http = await call(multi, '1001', 'POST', '/api/integrations/webhooks', input({ url: 'http://example.com/hook' }));
    expect(http.statusCode).toBe(400);
    expect(http.json().fields.url).toMatch(/https/);
    const junk = await call(multi, '1001', 'POST', '/api/integrations/webhooks', input({ url: 'not a url', events: ['nope'] }));
    expect(junk.statusCode).toBe(400);
    expect(Object.keys(junk.json().fields)).toEqual(expect.arrayContaining(['url']));
  });

  it('shows the secret once, lists it by prefix, and audits the creation', async () => {
    const { subscription, secret } = await create();
    expect(secret).toMatch(/^whsec_/);
    expect(secret.startsWith(subscription.secretPrefix)).toBe(true);
    const list = await call(multi, '1001', 'GET', '/api/integrations/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json().planAllows).toBe(true);
    expect(JSON.stringify(list.json())).not.toContain(secret);
    expect(list.json().subscriptions.map((s: { id: string }) => s.id)).toContain(subscription.id);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'publisher_id']).where('action', '=', 'webhook.create').execute();
    expect(audit).toContainEqual({ action: 'webhook.create', publisher_id: '1001' });
  });

  it('sends a signed test event to the receiver and logs the delivery with its attempts', async () => {
    const { subscription, secret } = await create({ name: 'Test target' });
    script = [500];
    const queued = await call(multi, '1001', 'POST', `/api/integrations/webhooks/${subscription.id}/test`);
    expect(queued.statusCode).toBe(200);
    const { deliveryId } = queued.json();
    await drainAll();
    expect(received).toHaveLength(2);
    const last = received[1]!;
    expect(last.headers['webhook-id']).toBe(deliveryId);
    expect(last.headers['webhook-event']).toBe('webhook.test');
    expect(verifyWebhook(secret, last.headers, last.body)).toBe(true);
    expect(JSON.parse(last.body)).toMatchObject({ type: 'webhook.test', publisherId: '1001', data: { subscriptionId: subscription.id } });
    const log = await call(multi, '1001', 'GET', `/api/integrations/webhooks/${subscription.id}/deliveries`);
    expect(log.statusCode).toBe(200);
    const [d] = log.json();
    expect(d).toMatchObject({ id: deliveryId, event: 'webhook.test', status: 'delivered', attempts: 2, lastStatusCode: 200 });
    expect(d.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([200, 500]);
    const listed = (await call(multi, '1001', 'GET', '/api/integrations/webhooks'))
      .json()
      .subscriptions.find((s: { id: string }) => s.id === subscription.id);
    expect(listed.lastDelivery).toMatchObject({ status: 'delivered', statusCode: 200, event: 'webhook.test' });

    // Redelivery: the same message again as a new delivery row, signed with the current (rotated) secret.
    const rotated = await call(multi, '1001', 'POST', `/api/integrations/webhooks/${subscription.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json().secret as string;
    expect(newSecret).not.toBe(secret);
    received.length = 0;
    const again = await call(multi, '1001', 'POST', `/api/integrations/webhooks/${subscription.id}/deliveries/${deliveryId}/redeliver`);
    expect(again.statusCode).toBe(200);
    expect(again.json().deliveryId).not.toBe(deliveryId);
    await drainAll();
    expect(received).toHaveLength(1);
    // The same message: the first delivery's webhook-id, so a receiver that de-duplicates skips it.
    expect(received[0]!.headers['webhook-id']).toBe(deliveryId);
    expect(verifyWebhook(newSecret, received[0]!.headers, received[0]!.body)).toBe(true);
    expect(verifyWebhook(secret, received[0]!.headers, received[0]!.body)).toBe(false);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test', data: { subscriptionId: subscription.id } });
  });

  it('publishes real incident events to the subscriptions that chose them, only while enabled', async () => {
    const { subscription, secret } = await create({ name: 'Incidents', url: receiver.url('127.0.0.1', '/incidents') });
    const other = await create({ name: 'Payments only', url: receiver.url('127.0.0.1', '/payments'), events: ['payment.paid'] });
    const opened = await call(staff, '1001', 'POST', '/api/staff/incidents', {
      publisherId: '1001',
      siteId: '5001',
      type: 'vulnerability',
      severity: 'high',
      category: 'Outdated library',
      key: 'scan:webhooks-test',
      title: 'jQuery 1.8 is vulnerable',
      detail: {},
    });
    expect(opened.statusCode).toBe(200);
    const incidentId = opened.json().id as string;
    await call(multi, '1001', 'POST', `/api/incidents/${incidentId}/resolve`, { note: 'Patched' });
    await drainAll();
    const mine = received.filter((r) => r.path === '/incidents');
    expect(mine.map((r) => JSON.parse(r.body).type)).toEqual(['incident.opened', 'incident.resolved']);
    expect(JSON.parse(mine[0]!.body).data).toMatchObject({ incidentId, title: 'jQuery 1.8 is vulnerable', siteId: '5001' });
    expect(mine.every((r) => verifyWebhook(secret, r.headers, r.body))).toBe(true);
    expect(received.filter((r) => r.path === '/payments')).toHaveLength(0);
    expect(other.subscription.id).toBeTruthy();

    // Disabled: no more events; deleted: gone from the list.
    const off = await call(
      multi,
      '1001',
      'PUT',
      `/api/integrations/webhooks/${subscription.id}`,
      input({ name: 'Incidents', enabled: false }),
    );
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);
    received.length = 0;
    await call(staff, '1001', 'POST', '/api/staff/incidents', {
      publisherId: '1001',
      siteId: '5001',
      type: 'vulnerability',
      severity: 'low',
      category: 'Outdated library',
      key: 'scan:webhooks-test-2',
      title: 'Another',
      detail: {},
    });
    await drainAll();
    // Earlier tests' subscriptions (other paths) still get it; the disabled one does not.
    expect(received.length).toBeGreaterThan(0);
    expect(received.filter((r) => r.path === '/incidents')).toHaveLength(0);
    expect((await call(multi, '1001', 'DELETE', `/api/integrations/webhooks/${subscription.id}`)).statusCode).toBe(200);
    const list = (await call(multi, '1001', 'GET', '/api/integrations/webhooks')).json();
    expect(list.subscriptions.map((s: { id: string }) => s.id)).not.toContain(subscription.id);
    expect((await call(multi, '1001', 'GET', `/api/integrations/webhooks/${subscription.id}/deliveries`)).statusCode).toBe(404);
  });

  it('sends the Slack preset as unsigned { text }', async () => {
    const { subscription } = await create({ name: 'Slack', format: 'slack', url: receiver.url('127.0.0.1', '/slack') });
    await call(multi, '1001', 'POST', `/api/integrations/webhooks/${subscription.id}/test`);
    await drainAll();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toEqual({ text: expect.stringContaining('Slack') });
    expect(received[0]!.headers['webhook-signature']).toBeUndefined();
  });

  it('answers 403 for another publisher’s webhook on every route', async () => {
    const { subscription } = await create({ name: 'Private' });
    const id = subscription.id;
    const routes: [Method, string, object?][] = [
      ['PUT', `/api/integrations/webhooks/${id}`, input()],
      ['DELETE', `/api/integrations/webhooks/${id}`],
      ['POST', `/api/integrations/webhooks/${id}/rotate-secret`],
      ['POST', `/api/integrations/webhooks/${id}/test`],
      ['GET', `/api/integrations/webhooks/${id}/deliveries`],
      ['POST', `/api/integrations/webhooks/${id}/deliveries/${id}/redeliver`],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(single, '1002', method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // Nor can a user reach a publisher outside their scope.
    expect((await call(single, '1001', 'GET', '/api/integrations/webhooks')).statusCode).toBe(403);
    expect((await call(single, '1002', 'GET', '/api/integrations/webhooks')).json().subscriptions).toEqual([]);
  });

  it('answers 403 when the plan lacks webhooks, and sends nothing then', async () => {
    const { subscription } = await create({ name: 'Before downgrade', events: ['incident.opened'] });
    await t.db
      .insertInto('feature_flag_overrides')
      .values({ flag_key: 'integrations.webhooks', publisher_id: '1001', value: JSON.stringify(false) })
      .execute();
    try {
      const res = await call(multi, '1001', 'POST', '/api/integrations/webhooks', input());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/plan/);
      expect((await call(multi, '1001', 'POST', `/api/integrations/webhooks/${subscription.id}/test`)).statusCode).toBe(403);
      expect((await call(multi, '1001', 'GET', '/api/integrations/webhooks')).json().planAllows).toBe(false);
      await call(staff, '1001', 'POST', '/api/staff/incidents', {
        publisherId: '1001',
        siteId: '5001',
        type: 'vulnerability',
        severity: 'low',
        category: 'Outdated library',
        key: 'scan:webhooks-no-plan',
        title: 'Not sent',
        detail: {},
      });
      await drainAll();
      expect(received).toHaveLength(0);
    } finally {
      await t.db
        .deleteFrom('feature_flag_overrides')
        .where('flag_key', '=', 'integrations.webhooks')
        .where('publisher_id', '=', '1001')
        .execute();
    }
  });
});
