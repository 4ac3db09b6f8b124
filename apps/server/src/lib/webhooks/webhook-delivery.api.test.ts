import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createJobQueue } from '../jobs/job-queue';
import { enqueueWebhook, generateWebhookSecret, verifyWebhook, webhookDeliveriesRepo } from './index';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';

describe('webhook delivery (lib/webhooks)', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  afterEach(() => {
    receiver.reset();
  });

  async function send(target: { url: string; format?: 'json' | 'slack'; secret?: string | null }, maxAttempts?: number) {
    return enqueueWebhook(t.db, createJobQueue(t.db, pino({ level: 'silent' })), {
      publisherId: '1001',
      source: 'test',
      targetId: 'target-1',
      target: {
        url: target.url,
        format: target.format ?? 'json',
        secret: target.secret === undefined ? generateWebhookSecret() : target.secret,
      },
      event: { type: 'webhook.test', data: { hello: 'world' }, summary: 'A test event' },
      maxAttempts,
    });
  }
  const drainAll = async () => {
    // Retries are due at once (WEBHOOK_RETRY_BASE_MS=0): drain until nothing is left.
    while ((await t.built.workers.webhookDeliveries.drain()) > 0);
  };

  it('posts the signed JSON envelope once and logs the delivery', async () => {
    const secret = generateWebhookSecret();
    const id = await enqueueWebhook(t.db, createJobQueue(t.db, pino({ level: 'silent' })), {
      publisherId: '1001',
      source: 'test',
      targetId: 'target-1',
      target: { url: receiver.url('/hook'), format: 'json', secret },
      event: { type: 'incident.opened', data: { incidentId: 'i1' }, summary: 'Incident opened' },
    });
    await drainAll();
    expect(receiver.received).toHaveLength(1);
    const r = receiver.received[0]!;
    expect(r.headers['webhook-id']).toBe(id);
    expect(r.headers['webhook-event']).toBe('incident.opened');
    expect(verifyWebhook(secret, r.headers, r.body)).toBe(true);
    expect(verifyWebhook(generateWebhookSecret(), r.headers, r.body)).toBe(false);
    expect(JSON.parse(r.body)).toMatchObject({ id, type: 'incident.opened', publisherId: '1001', data: { incidentId: 'i1' } });
    const d = await webhookDeliveriesRepo(t.db).get(id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200 });
    expect(await webhookDeliveriesRepo(t.db).attemptsOf([id])).toHaveLength(1);
  });

  it('retries a failing receiver with the same id and body until it answers 2xx', async () => {
    receiver.answerWith([500, 503]);
    const id = await send({ url: receiver.url('/flaky') });
    await drainAll();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([id]));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const attempts = await webhookDeliveriesRepo(t.db).attemptsOf([id]);
    expect(attempts.map((a) => a.status_code)).toEqual([200, 503, 500]);
    expect(await webhookDeliveriesRepo(t.db).get(id)).toMatchObject({ status: 'delivered', attempts: 3 });
  });

  it('gives up after the last attempt and marks the delivery failed', async () => {
    receiver.answerWith([500, 500, 500]);
    const id = await send({ url: receiver.url('/down') }, 2);
    await drainAll();
    expect(receiver.received).toHaveLength(2);
    expect(await webhookDeliveriesRepo(t.db).get(id)).toMatchObject({ status: 'failed', attempts: 2, last_status_code: 500 });
  });

  it('never reaches a private address and does not retry it', async () => {
    const id = await send({ url: 'http://10.1.2.3/hook' });
    await drainAll();
    const d = await webhookDeliveriesRepo(t.db).get(id);
    expect(d).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null });
    expect(d!.last_error).toBeTruthy();
  });

  it('posts { text } unsigned for the Slack preset', async () => {
    await send({ url: receiver.url('/slack'), format: 'slack', secret: null });
    await drainAll();
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({ text: 'A test event' });
    expect(receiver.received[0]!.headers['webhook-signature']).toBeUndefined();
  });
});
