import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import { startLocalTestServer, type LocalTestServer } from '../../../test/local-test-server';
import { runCheck, type CheckSpec } from './monitor-checker';

let http: LocalTestServer;
let tls: Server;
let tlsPort: number;
let ca: string;
const CERT_DAYS = 5;

const spec = (over: Partial<CheckSpec> = {}): CheckSpec => ({
  url: http.url('127.0.0.1', '/ok'),
  method: 'GET',
  timeoutSeconds: 5,
  acceptedStatusCodes: ['200-299'],
  keyword: null,
  keywordMode: 'contains',
  followRedirects: true,
  certExpiryDays: 14,
  ...over,
});

beforeAll(async () => {
  http = await startLocalTestServer((req, res) => {
    if (req.url === '/ok') res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Welcome to Northwind</h1>');
    else if (req.url === '/down') res.writeHead(503).end('maintenance');
    else if (req.url === '/moved') res.writeHead(301, { location: '/ok' }).end();
    else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
    else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end('late'), 3_000);
    else res.writeHead(404).end();
  });
  const notAfter = new Date(Date.now() + CERT_DAYS * 86_400_000);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    notAfterDate: notAfter,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  ca = pems.cert;
  tls = createServer({ key: pems.private, cert: pems.cert }, (_req, res) => res.writeHead(200).end('secure hello'));
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
  tlsPort = (tls.address() as AddressInfo).port;
});
afterAll(async () => {
  await http.close();
  await new Promise((resolve) => tls.close(resolve));
});

const allowed = () => createGuardedFetch({ allowHosts: ['127.0.0.1'] });

describe('runCheck against local servers', () => {
  it('an accepted status is up, with timings and a new connection per check', async () => {
    const fetch = allowed();
    const before = http.connections;
    const a = await runCheck(fetch, spec());
    const b = await runCheck(fetch, spec());
    await fetch.close();
    expect(a).toMatchObject({ ok: true, httpStatus: 200, error: null, keywordFound: null });
    expect(a.timings.connectMs).not.toBeNull();
    expect(a.timings.firstByteMs).not.toBeNull();
    expect(a.timings.totalMs).toBeGreaterThan(0);
    expect(b.ok).toBe(true);
    expect(http.connections - before).toBe(2);
  });

  it('a status outside the accepted codes is down with the reason; a custom rule accepts it', async () => {
    const fetch = allowed();
    const down = await runCheck(fetch, spec({ url: http.url('127.0.0.1', '/down') }));
    expect(down).toMatchObject({ ok: false, httpStatus: 503, error: 'status 503 is not an accepted status' });
    const accepted = await runCheck(fetch, spec({ url: http.url('127.0.0.1', '/down'), acceptedStatusCodes: ['200-299', '503'] }));
    expect(accepted.ok).toBe(true);
    await fetch.close();
  });

  it('keyword must appear (contains) or must not appear (absent)', async () => {
    const fetch = allowed();
    expect((await runCheck(fetch, spec({ keyword: 'Northwind' }))).keywordFound).toBe(true);
    const missing = await runCheck(fetch, spec({ keyword: 'Southwind' }));
    expect(missing).toMatchObject({ ok: false, keywordFound: false, error: 'the page does not contain "Southwind"' });
    const absent = await runCheck(fetch, spec({ keyword: 'Welcome', keywordMode: 'absent' }));
    expect(absent).toMatchObject({ ok: false, keywordFound: true });
    await fetch.close();
  });

  it('follows redirects when asked, judges the 3xx itself when not, and stops redirect loops', async () => {
    const fetch = allowed();
    const followed = await runCheck(fetch, spec({ url: http.url('127.0.0.1', '/moved') }));
    expect(followed).toMatchObject({ ok: true, httpStatus: 200, finalUrl: http.url('127.0.0.1', '/ok') });
    const notFollowed = await runCheck(fetch, spec({ url: http.url('127.0.0.1', '/moved'), followRedirects: false }));
    expect(notFollowed).toMatchObject({ ok: false, httpStatus: 301 });
    const loop = await runCheck(fetch, spec({ url: http.url('127.0.0.1', '/loop') }));
    expect(loop).toMatchObject({ ok: false, error: 'more than 10 redirects' });
    await fetch.close();
  });

  it('times out within the monitor time-out', async () => {
    const fetch = allowed();
    const r = await runCheck(fetch, spec({ url: http.url('127.0.0.1', '/slow'), timeoutSeconds: 1 }));
    await fetch.close();
    expect(r).toMatchObject({ ok: false, error: 'no complete answer within 1 seconds' });
  });

  it('refuses a private target without the allow-list, and nothing reaches the server', async () => {
    const fetch = createGuardedFetch();
    const before = http.connections;
    const r = await runCheck(fetch, spec());
    await fetch.close();
    expect(r).toMatchObject({ ok: false, error: 'the address points into a private network, which we never contact' });
    expect(http.connections).toBe(before);
  });

  it('reads the certificate expiry over TLS and warns inside the window; an untrusted certificate is down', async () => {
    const trusted = createGuardedFetch({ allowHosts: ['127.0.0.1'], ca: [ca] });
    const r = await runCheck(trusted, spec({ url: `https://127.0.0.1:${tlsPort}/` }));
    await trusted.close();
    expect(r.ok).toBe(true);
    expect(r.timings.tlsMs).not.toBeNull();
    const days = (new Date(r.certExpiresAt!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(CERT_DAYS - 1);
    expect(days).toBeLessThan(CERT_DAYS + 1);
    expect(r.certWarning).toBe(true);
    const relaxed = createGuardedFetch({ allowHosts: ['127.0.0.1'], ca: [ca] });
    expect((await runCheck(relaxed, spec({ url: `https://127.0.0.1:${tlsPort}/`, certExpiryDays: 2 }))).certWarning).toBe(false);
    await relaxed.close();
    const untrusted = allowed();
    const bad = await runCheck(untrusted, spec({ url: `https://127.0.0.1:${tlsPort}/` }));
    await untrusted.close();
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/TLS certificate is not trusted/);
  });
});
