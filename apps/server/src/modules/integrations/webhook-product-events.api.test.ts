import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import type { GuardedFetch, GuardedResponse } from '../../lib/outbound/guarded-fetch';
import { verifyWebhook } from '../../lib/webhooks';
import { createAdsTxtCrawler } from '../adstxt';
import { startWebhookReceiver, type WebhookReceiver, type ReceivedRequest } from '../../../test/webhook-receiver';

// Payment.paid, adstxt.changed and report.ready end to end. Each event comes from the
// real code path (staff mark a payment paid, an ads.txt crawl whose status moves, a report export
// the job finishes), goes to a subscription made with the Integrations API, and is posted by the
// real guarded client to a loopback receiver, signed, retried on failure. Only the ads.txt file's
// network is scripted (the crawler's own fetch); the webhooks' is not.

let t: TestApp;
let receiver: WebhookReceiver;
let multi: string;
let staff: string;
let secret: string;
let subscriptionId: string;
/** What the ads.txt host serves (the crawler's network, not the webhooks'). */
let adsTxt = '';
const adsTxtFetch = Object.assign(
  async (url: string | URL): Promise<GuardedResponse> => ({
    url: String(url),
    status: 200,
    headers: { 'content-type': 'text/plain' },
    body: Buffer.from(adsTxt),
  }),
  { close: async () => undefined },
) as GuardedFetch;

const noon = (d: string) => Date.parse(`${d}T12:00:00Z`);
const daysSince = (d: string) => Math.ceil((Date.now() - noon(d)) / 86_400_000);
const sale = (date: string, netRevenue: number) => ({
  date,
  publisherId: '1001',
  siteId: '5001',
  productType: 'Display',
  size: '300x250',
  brand: 'Acme',
  dealName: '',
  dealId: '',
  impressions: 1000,
  revenue: netRevenue * 1.3,
  netRevenue,
});

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp(
    { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '0', PAYMENT_THRESHOLD_DEFAULT: '100' },
    { adsTxtCrawler: createAdsTxtCrawler({ allowHosts: [], fetch: adsTxtFetch }) },
  );
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
  await t.built.engine.ingest({
    reportType: 'revenue',
    requests: [{ date: '2025-01-10', publisherId: '1001', siteId: '5001', productType: 'Display', impRequests: 5000 }],
    sales: [sale('2025-01-10', 180.25), sale('2025-01-20', 44.5)],
  });
  await t.built.engine.setFinalizedThrough('1001', 'revenue', '2025-03-31');

  const created = await call(multi, 'POST', '/api/integrations/webhooks', {
    name: 'Finance and ops',
    url: receiver.url('/events'),
    format: 'json',
    events: ['payment.paid', 'adstxt.changed', 'report.ready'],
    enabled: true,
  });
  expect(created.statusCode).toBe(200);
  subscriptionId = created.json().subscription.id;
  secret = created.json().secret;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
afterEach(() => {
  receiver.reset();
});

type Method = 'GET' | 'POST' | 'PUT';
function call(token: string, method: Method, url: string, payload?: object, publisher: string | null = '1001') {
  return t.app.inject({
    method,
    url,
    headers: publisher ? bearer(token, publisher) : { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}
const drainWebhooks = async () => {
  while ((await t.built.workers.webhookDeliveries.drain()) > 0);
};
const envelope = (r: ReceivedRequest) =>
  JSON.parse(r.body) as { id: string; type: string; publisherId: string; data: Record<string, unknown> };
const deliveries = async () => {
  const res = await call(multi, 'GET', `/api/integrations/webhooks/${subscriptionId}/deliveries`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    id: string;
    messageId: string;
    event: string;
    status: string;
    attempts: number;
    attemptLog: { statusCode: number }[];
  }[];
};

describe('product events to an integrations webhook', () => {
  it('payment.paid: staff mark a payment paid; retried after failures with one message id, then redelivered with it', async () => {
    expect((await call(staff, 'POST', '/api/payments/month-close', { period: '2025-01' }, null)).statusCode).toBe(200);
    const payment = (await call(staff, 'GET', '/api/payments')).json().payments.find((p: { period: string }) => p.period === '2025-01');
    expect(payment).toBeTruthy();
    const settings = await call(multi, 'PUT', '/api/payment-settings', {
      method: 'bank_transfer',
      beneficiaryName: 'Northwind News Ltd',
      payoutCurrency: 'USD',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    });
    expect(settings.statusCode).toBe(200);
    expect((await call(staff, 'POST', `/api/payments/${payment.id}/approve`, undefined, null)).statusCode).toBe(200);
    // Approval is not "paid": nothing is sent yet.
    await drainWebhooks();
    expect(receiver.received).toHaveLength(0);

    receiver.answerWith([500, 503]);
    const paid = await call(
      staff,
      'POST',
      `/api/payments/${payment.id}/paid`,
      { paidAt: '2025-02-20', method: 'SEPA', reference: 'WH-1' },
      null,
    );
    expect(paid.statusCode).toBe(200);
    await drainWebhooks();
    // Two failures, then delivered: three posts of the same message, each signed for its own timestamp.
    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(receiver.received.every((r) => verifyWebhook(secret, r.headers, r.body))).toBe(true);
    expect(verifyWebhook('whsec_' + Buffer.alloc(32).toString('base64'), receiver.received[2]!.headers, receiver.received[2]!.body)).toBe(
      false,
    );
    const event = envelope(receiver.received[2]!);
    expect(receiver.received[2]!.headers['webhook-event']).toBe('payment.paid');
    expect(event).toMatchObject({
      id: receiver.received[2]!.headers['webhook-id'],
      type: 'payment.paid',
      publisherId: '1001',
      data: { paymentId: payment.id, period: '2025-01', reference: 'WH-1', method: 'SEPA', paidAt: '2025-02-20' },
    });
    expect(event.data.amount).toBeCloseTo(224.75, 2);

    const [logged] = await deliveries();
    expect(logged).toMatchObject({ event: 'payment.paid', status: 'delivered', attempts: 3, messageId: event.id });
    expect(logged!.attemptLog.map((a) => a.statusCode)).toEqual([200, 503, 500]);

    // Redelivery: a new delivery in the log, but the same message (id and bytes), so a receiver
    // that already processed it can tell it is the same event.
    receiver.received.length = 0;
    const again = await call(multi, 'POST', `/api/integrations/webhooks/${subscriptionId}/deliveries/${logged!.id}/redeliver`);
    expect(again.statusCode).toBe(200);
    expect(again.json().deliveryId).not.toBe(logged!.id);
    await drainWebhooks();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(event.id);
    expect(envelope(receiver.received[0]!).id).toBe(event.id);
    expect(receiver.received[0]!.body).toBe(JSON.stringify(event));
    expect(verifyWebhook(secret, receiver.received[0]!.headers, receiver.received[0]!.body)).toBe(true);
    const log = await deliveries();
    expect(log.filter((d) => d.messageId === event.id).map((d) => d.status)).toEqual(['delivered', 'delivered']);

    // Marking it paid again with the same reference changes nothing and sends nothing.
    expect(
      (await call(staff, 'POST', `/api/payments/${payment.id}/paid`, { paidAt: '2025-02-20', method: 'SEPA', reference: 'WH-1' }, null))
        .statusCode,
    ).toBe(200);
    receiver.received.length = 0;
    await drainWebhooks();
    expect(receiver.received).toHaveLength(0);
  });

  it('adstxt.changed: a crawl that moves the status sends one event; a crawl that does not, none', async () => {
    const required: string[] = (await call(multi, 'GET', '/api/adstxt/domains/d5001')).json().requiredLines;
    expect(required.length).toBeGreaterThan(1);
    adsTxt = required.join('\n') + '\n';
    expect((await call(multi, 'POST', '/api/adstxt/domains/d5001/verify')).json().status).toBe('authorized');
    await drainWebhooks();
    receiver.received.length = 0;

    // The publisher's file loses a required line: authorized -> missing lines.
    adsTxt = required.slice(1).join('\n') + '\n';
    receiver.answerWith([502]);
    expect((await call(multi, 'POST', '/api/adstxt/domains/d5001/verify')).json().status).toBe('missing_lines');
    await drainWebhooks();
    // The crawl also opened an incident; this subscription did not choose incident events.
    expect(receiver.received.map((r) => r.headers['webhook-event'])).toEqual(['adstxt.changed', 'adstxt.changed']);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(receiver.received[1]!.headers['webhook-id']);
    expect(receiver.received.every((r) => verifyWebhook(secret, r.headers, r.body))).toBe(true);
    expect(envelope(receiver.received[1]!)).toMatchObject({
      type: 'adstxt.changed',
      publisherId: '1001',
      data: { domainId: 'd5001', file: 'ads.txt', previousStatus: 'authorized', status: 'missing_lines', missingLines: 1 },
    });

    // Same file again: the status does not move, so nothing is sent.
    receiver.received.length = 0;
    expect((await call(multi, 'POST', '/api/adstxt/domains/d5001/verify')).json().status).toBe('missing_lines');
    await drainWebhooks();
    expect(receiver.received).toHaveLength(0);
    const log = await deliveries();
    expect(log.find((d) => d.event === 'adstxt.changed')).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('report.ready: an export the job finishes sends the event with the report id', async () => {
    // January 2025 is older than the 13 months of report history every plan has: an extension
    // (reports.history_extension_days, as Enterprise's) lets this publisher's reports reach it. As
    // many days as since then, so it still reaches January 2025 whatever the date.
    await t.db
      .insertInto('feature_flag_overrides')
      .values({ flag_key: 'reports.history_extension_days', publisher_id: '1001', value: JSON.stringify(daysSince('2025-01-01')) })
      .execute();
    const params = {
      reportType: 'revenue',
      publisherId: '1001',
      dateFrom: noon('2025-01-01'),
      dateTo: noon('2025-01-31'),
      dimensions: 'brand',
      metrics: 'impressions,revenue',
      interval: 'Cumulative',
      exportReportToFile: 'true',
    };
    const url = `/api/partner-center/report?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
    const queued = await call(multi, 'GET', url);
    expect(queued.statusCode).toBe(202);
    const { reportId } = queued.json();
    // Queued is not ready: nothing yet.
    await drainWebhooks();
    expect(receiver.received).toHaveLength(0);
    await t.built.workers.reportExports.drain();
    await drainWebhooks();
    expect(receiver.received).toHaveLength(1);
    const r = receiver.received[0]!;
    expect(r.headers['webhook-event']).toBe('report.ready');
    expect(verifyWebhook(secret, r.headers, r.body)).toBe(true);
    expect(envelope(r)).toMatchObject({
      type: 'report.ready',
      publisherId: '1001',
      data: { reportJobId: reportId, reportType: 'revenue', format: 'csv', rows: 1 },
    });
    // The export the event announces is there to download.
    const file = await call(multi, 'GET', `${url}&reportId=${reportId}`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Acme');
  });

  it('the delivery log holds every event sent to the subscription', async () => {
    const events = (await deliveries()).map((d) => d.event);
    expect(events).toEqual(expect.arrayContaining(['payment.paid', 'adstxt.changed', 'report.ready']));
    expect(events.every((e) => ['payment.paid', 'adstxt.changed', 'report.ready'].includes(e))).toBe(true);
  });
});
