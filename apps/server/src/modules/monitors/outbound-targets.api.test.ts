import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

/**
 * Monitor and webhook addresses are checked when saved, with the same address policy the guarded
 * client applies when it connects: private, loopback, link-local and metadata targets (literal or
 * by a name resolving to one), other schemes and addresses with credentials answer 400 on `url`.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, DEMO.multi)).idToken;
});
afterAll(async () => {
  await t.close();
});

const monitor = (url: string) => ({
  name: 'Target',
  url,
  siteId: '5001',
  intervalSeconds: 300,
  timeoutSeconds: 10,
  retries: 1,
  acceptedStatusCodes: ['200-299'],
  certExpiryDays: 14,
});
const webhook = (url: string) => ({ name: 'Receiver', url, format: 'json', events: ['incident.opened'], enabled: true });
const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer(token, '1001'), payload });

const PRIVATE = [
  'http://127.0.0.1:8080/metrics',
  'http://10.0.0.8/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]:3000/',
  'http://[::ffff:192.168.1.1]/',
  'http://[fd00::1]/',
  'http://0x7f000001/',
  // A name that resolves to loopback (the system resolver answers it without a network).
  'http://localhost:3000/healthz',
];

describe('outbound targets are checked when saved', () => {
  it.each(PRIVATE)('a monitor on %s answers 400 on url', async (url) => {
    const res = await send('POST', '/api/monitors', monitor(url));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.url).toMatch(/private network/);
  });

  it('an existing monitor cannot be moved to a private target', async () => {
    const created = await send('POST', '/api/monitors', monitor('https://status.northwind-news.example/'));
    expect(created.statusCode, created.body).toBe(201);
    const res = await send('PUT', `/api/monitors/${created.json().id}`, monitor('http://169.254.169.254/'));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toHaveProperty('url');
  });

  it('refuses credentials in a monitor address and non-web schemes', async () => {
    const creds = await send('POST', '/api/monitors', monitor('https://ops:s3cret@status.northwind-news.example/'));
    expect(creds.statusCode, creds.body).toBe(400);
    expect(creds.json().fields.url).toMatch(/user name and password/);
    const ftp = await send('POST', '/api/monitors', monitor('ftp://status.northwind-news.example/'));
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().fields).toHaveProperty('url');
  });

  it.each(PRIVATE.map((u) => u.replace(/^http:/, 'https:')))('a webhook to %s answers 400 on url', async (url) => {
    const res = await send('POST', '/api/integrations/webhooks', webhook(url));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.url).toMatch(/private network/);
  });

  it('a webhook with credentials answers 400 on url; a public receiver is saved', async () => {
    const creds = await send('POST', '/api/integrations/webhooks', webhook('https://a:b@hooks.northwind-news.example/x'));
    expect(creds.statusCode).toBe(400);
    expect(creds.json().fields).toHaveProperty('url');
    const ok = await send('POST', '/api/integrations/webhooks', webhook('https://hooks.northwind-news.example/x'));
    expect(ok.statusCode, ok.body).toBeLessThan(300);
  });
});
