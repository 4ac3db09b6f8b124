import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from './guarded-fetch';
import { closedPort, startLocalTestServer, tableResolver, type LocalTestServer } from '../../../test/local-test-server';
import {
  OutboundBlockedError,
  OutboundBodyTooLargeError,
  OutboundNetworkError,
  OutboundTimeoutError,
  plainOutboundFailure,
} from './outbound-errors';

let server: LocalTestServer;

beforeAll(async () => {
  server = await startLocalTestServer((req, res) => {
    if (req.url === '/redirect') {
      res.writeHead(302, { location: '/ok' }).end();
    } else if (req.url === '/hang') {
      // never answers
    } else if (req.url === '/big-declared') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(5000) }).end('x'.repeat(5000));
    } else if (req.url === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 10; i++) res.write('y'.repeat(1000));
      res.end();
    } else if (req.url === '/close') {
      res.writeHead(200, { connection: 'close', 'content-type': 'text/plain' }).end('bye');
    } else {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-host': req.headers.host ?? '' }).end('hello');
    }
  });
});
afterAll(() => server.close());

describe('createGuardedFetch with an allow-list (local test servers)', () => {
  it('fetches an allow-listed address and a name resolved to it', async () => {
    const fetch = createGuardedFetch({ allowHosts: ['127.0.0.1'], resolve: tableResolver({ 'a.test': '127.0.0.1' }) });
    try {
      const direct = await fetch(server.url('127.0.0.1', '/ok'));
      expect(direct.status).toBe(200);
      expect(direct.body.toString()).toBe('hello');
      expect(direct.headers['content-type']).toBe('text/plain; charset=utf-8');
      const named = await fetch(server.url('a.test', '/ok'));
      expect(named.headers['x-host']).toBe(`a.test:${server.port}`);
    } finally {
      await fetch.close();
    }
  });

  it('does not follow redirects: the 3xx and its location come back to the caller', async () => {
    const fetch = createGuardedFetch({ allowHosts: ['127.0.0.1'] });
    const res = await fetch(server.url('127.0.0.1', '/redirect'));
    await fetch.close();
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/ok');
  });

  it('times out a server that never answers', async () => {
    const fetch = createGuardedFetch({ allowHosts: ['127.0.0.1'], timeoutMs: 200 });
    const started = Date.now();
    await expect(fetch(server.url('127.0.0.1', '/hang'))).rejects.toBeInstanceOf(OutboundTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
    await fetch.close();
  });

  it('aborts bodies over the cap, declared or streamed', async () => {
    const fetch = createGuardedFetch({ allowHosts: ['127.0.0.1'], maxBodyBytes: 2_000 });
    await expect(fetch(server.url('127.0.0.1', '/big-declared'))).rejects.toBeInstanceOf(OutboundBodyTooLargeError);
    await expect(fetch(server.url('127.0.0.1', '/big-chunked'))).rejects.toBeInstanceOf(OutboundBodyTooLargeError);
    await expect(fetch(server.url('127.0.0.1', '/big-chunked'), { maxBodyBytes: 20_000 })).resolves.toMatchObject({ status: 200 });
    await fetch.close();
  });

  it('reports a refused connection as a connect-phase network error', async () => {
    const fetch = createGuardedFetch({ allowHosts: ['127.0.0.1'] });
    const port = await closedPort();
    const err = await fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    await fetch.close();
    expect(err).toBeInstanceOf(OutboundNetworkError);
    expect(err).toMatchObject({ phase: 'connect', errorCode: 'ECONNREFUSED' });
  });

  it('re-checks the address on every new connection (DNS rebinding)', async () => {
    let calls = 0;
    const fetch = createGuardedFetch({
      allowHosts: ['127.0.0.1'],
      resolve: async () => [{ address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }],
    });
    const before = server.connections;
    await expect(fetch(server.url('rebind.test', '/close'))).resolves.toMatchObject({ status: 200 });
    await expect(fetch(server.url('rebind.test', '/close'))).rejects.toMatchObject({
      reason: 'blocked_address',
      details: { address: '127.0.0.2' },
    });
    await fetch.close();
    expect(server.connections - before).toBe(1);
  });

  it('rejects allow-list entries that are not IP addresses', () => {
    expect(() => createGuardedFetch({ allowHosts: ['localhost'] })).toThrow(TypeError);
  });
});

describe('createGuardedFetch without an allow-list', () => {
  const literalTargets = [
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '[::1]',
    '[::]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[::127.0.0.1]',
    '[64:ff9b::7f00:1]',
    '[::ffff:0:7f00:1]',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.0.10',
    '100.64.1.1',
    '169.254.169.254',
    '[fe80::1]',
    '[fc00::1]',
    '[fd12:3456::1]',
    '224.0.0.1',
    '198.18.0.1',
    '[::ffff:192.168.1.1]',
    '[64:ff9b::a00:1]',
  ];

  it.each(literalTargets)('refuses %s before connecting', async (host) => {
    const fetch = createGuardedFetch();
    const before = server.connections;
    const err = await fetch(`http://${host}:${server.port}/ok`).catch((e: unknown) => e);
    await fetch.close();
    expect(err).toBeInstanceOf(OutboundBlockedError);
    expect(err).toMatchObject({ reason: 'blocked_address' });
    expect(server.connections).toBe(before);
  });

  it.each([
    ['loop.test', '127.0.0.1'],
    ['private.test', '10.0.0.5'],
    ['mapped.test', '::ffff:127.0.0.1'],
    ['metadata.test', '169.254.169.254'],
    ['ula.test', 'fd00::1'],
    ['mixed.test', ['93.184.216.34', '127.0.0.1']],
  ])('refuses host name %s resolving to %s at connect time', async (name, address) => {
    const fetch = createGuardedFetch({ resolve: tableResolver({ [name]: address }) });
    const before = server.connections;
    const err = await fetch(`http://${name}:${server.port}/ok`).catch((e: unknown) => e);
    await fetch.close();
    expect(err).toBeInstanceOf(OutboundBlockedError);
    expect((err as OutboundBlockedError).message).toContain(name);
    expect(server.connections).toBe(before);
  });

  it('refuses localhost through the system resolver', async () => {
    const fetch = createGuardedFetch();
    const before = server.connections;
    await expect(fetch(`http://localhost:${server.port}/ok`)).rejects.toBeInstanceOf(OutboundBlockedError);
    await fetch.close();
    expect(server.connections).toBe(before);
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/x', 'gopher://127.0.0.1/', 'not a url'])('refuses %s', async (url) => {
    const fetch = createGuardedFetch();
    await expect(fetch(url)).rejects.toBeInstanceOf(OutboundBlockedError);
    await fetch.close();
  });
});

describe('createGuardedFetch with exact allowed endpoints (the demo targets)', () => {
  it('reaches the allowed ip:port only: no other port of the address, no name resolving to it', async () => {
    const fetch = createGuardedFetch({
      allowEndpoints: [`127.0.0.1:${server.port}`],
      resolve: tableResolver({ 'loop.test': '127.0.0.1' }),
    });
    await expect(fetch(server.url('127.0.0.1', '/ok'))).resolves.toMatchObject({ status: 200 });
    const other = await closedPort();
    await expect(fetch(`http://127.0.0.1:${other}/ok`)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(fetch(`http://loop.test:${server.port}/ok`)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(fetch(`http://[::1]:${server.port}/ok`)).rejects.toBeInstanceOf(OutboundBlockedError);
    await fetch.close();
  });

  it('tells a connection that never completes in the words of a refused one (measured requests)', async () => {
    // A name whose resolution never answers stands in for a filtered port: no connection is ever made.
    const fetch = createGuardedFetch({
      allowEndpoints: ['127.0.0.1:9'],
      resolve: () => new Promise(() => undefined),
    });
    const filtered = await fetch('http://filtered.test/', { measure: true, timeoutMs: 300 }).catch((e: unknown) => e);
    const refused = await fetch('http://127.0.0.1:9/', { measure: true, timeoutMs: 300 }).catch((e: unknown) => e);
    await fetch.close();
    expect(filtered).toBeInstanceOf(OutboundNetworkError);
    expect(refused).toBeInstanceOf(OutboundNetworkError);
    expect(plainOutboundFailure(filtered)).toBe(plainOutboundFailure(refused));
    expect((filtered as Error).message).toBe('Could not connect to http://filtered.test/.');
    expect((refused as Error).message).toBe('Could not connect to http://127.0.0.1:9/.');
  });
});
