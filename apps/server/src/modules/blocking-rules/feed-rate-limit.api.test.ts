import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

let t: TestApp;
let multi: string;

// 10 feed requests a minute per address; feed-key creation gets a tenth of it (1).
beforeAll(async () => {
  t = await createTestApp({ BLOCKING_FEED_RATE_PER_MINUTE: '10' });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
});
afterAll(async () => t.close());

const feed = (auth: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'GET', url: '/api/blocking-rules/feed', remoteAddress: ip, headers: { authorization: `Bearer ${auth}` } });

describe('serving feed rate limit', () => {
  it('answers 429 past the limit per client address, counting wrong keys too, with the counter in PostgreSQL', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blocking-rules/feed-keys',
      headers: bearer(multi, '1001'),
      payload: { name: 'Ad server' },
    });
    expect(created.statusCode).toBe(200);
    const { secret } = created.json();

    // Guessing keys from one address spends the same budget as polling.
    const guesses = await Promise.all(Array.from({ length: 4 }, (_, i) => feed(`pcf_wrong${i}`)));
    expect(guesses.map((g) => g.statusCode)).toEqual([401, 401, 401, 401]);
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await feed(secret)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const limited = await feed(secret);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget.
    expect((await feed(secret, '198.51.100.9')).statusCode).toBe(200);

    // Shared by every server process: the counter is a row, not process memory.
    const rows = await t.db.selectFrom('rate_limit_counters').select(['key', 'hits']).where('key', 'like', '%203.0.113.7%').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(Math.max(...rows.map((r) => r.hits))).toBeGreaterThanOrEqual(10);
  });

  it('limits each key too, whatever the address: a key polled from many addresses gets 429, another key does not', async () => {
    const mintKey = async (publisher: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/blocking-rules/feed-keys',
          remoteAddress: `192.0.2.${publisher === '1001' ? 101 : 103}`,
          headers: bearer(multi, publisher),
          payload: { name: 'Spread server' },
        })
      ).json().secret as string;
    const spread = await mintKey('1001');
    const other = await mintKey('1003');
    // 12 requests from 12 addresses: no address reaches its limit of 10, the key does.
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await feed(spread, `198.18.0.${i + 1}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    const limited = await feed(spread, '198.18.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ name: 'TooManyRequests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await feed(other, '198.18.0.1')).statusCode).toBe(200);
    // The counter is named by a hash of the key, never the key itself.
    const rows = await t.db.selectFrom('rate_limit_counters').select('key').where('key', 'like', '%blocking-feed-credential:%').execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.key.includes(spread) || r.key.includes(other))).toBe(false);
  });

  it('limits minting feed keys per address too', async () => {
    const mint = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/blocking-rules/feed-keys',
        remoteAddress: '192.0.2.44',
        headers: bearer(multi, '1001'),
        payload: { name: 'Another server' },
      });
    expect((await mint()).statusCode).toBe(200);
    expect((await mint()).statusCode).toBe(429);
  });
});
