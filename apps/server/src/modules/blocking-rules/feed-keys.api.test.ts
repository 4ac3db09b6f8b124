import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

let t: TestApp;
let multi: string;
let single: string;
const PROVIDER = 'provider-token-for-tests-0123456789';

beforeAll(async () => {
  t = await createTestApp({ BLOCKING_FEED_TOKEN: PROVIDER });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST';
const call = (token: string, publisher: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
const feed = (auth: string, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/blocking-rules/feed${query}`, headers: { authorization: `Bearer ${auth}`, ...headers } });

describe('per-publisher serving-feed keys', () => {
  it('creates a key shown once (hash at rest), reads only its own publisher feed, records use, and stops working once revoked', async () => {
    await call(multi, '1001', 'POST', '/api/blocking-rules', {
      name: 'Feed key rule',
      type: 'keyword',
      values: ['casino'],
      siteIds: null,
      expiresAt: null,
    });
    const created = await call(multi, '1001', 'POST', '/api/blocking-rules/feed-keys', { name: 'Ad server EU' });
    expect(created.statusCode).toBe(200);
    const { key, secret } = created.json();
    expect(secret).toMatch(/^pcf_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'Ad server EU',
      prefix: secret.slice(0, 12),
      createdBy: DEMO.multi,
      lastUsedAt: null,
      revokedAt: null,
    });
    const row = await t.db.selectFrom('blocking_feed_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.key_hash).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret);
    // The list never carries the secret.
    const list = await call(multi, '1001', 'GET', '/api/blocking-rules/feed-keys');
    expect(list.json().map((k: { id: string }) => k.id)).toEqual([key.id]);
    expect(list.body).not.toContain(secret);

    // The key reads its publisher's feed without naming it, and with its own id; another publisher's id is 403.
    const own = await feed(secret);
    expect(own.statusCode).toBe(200);
    expect(own.json().publisherId).toBe('1001');
    expect(JSON.stringify(own.json())).toContain('casino');
    expect(own.headers.etag).toMatch(/^".+"$/);
    expect((await feed(secret, '', { 'if-none-match': own.headers.etag as string })).statusCode).toBe(304);
    expect((await feed(secret, '?publisherId=1001')).statusCode).toBe(200);
    expect((await feed(secret, '?publisherId=1002')).statusCode).toBe(403);
    const used = (await call(multi, '1001', 'GET', '/api/blocking-rules/feed-keys')).json()[0];
    expect(used.lastUsedAt).not.toBeNull();

    // An unknown key is 401; the provider token still works and must name the publisher.
    expect((await feed(`pcf_${'x'.repeat(43)}`)).statusCode).toBe(401);
    const noPublisher = await feed(PROVIDER);
    expect(noPublisher.statusCode).toBe(400);
    expect(noPublisher.json().fields).toHaveProperty('publisherId');
    expect((await feed(PROVIDER, '?publisherId=1001')).statusCode).toBe(200);

    const revoked = await call(multi, '1001', 'POST', `/api/blocking-rules/feed-keys/${key.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await feed(secret)).statusCode).toBe(401);
    expect((await call(multi, '1001', 'POST', `/api/blocking-rules/feed-keys/${key.id}/revoke`)).statusCode).toBe(404);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'publisher_id'])
      .where('action', 'like', 'blocking_feed_key.%')
      .orderBy('created_at')
      .execute();
    expect(audit).toEqual([
      { action: 'blocking_feed_key.create', publisher_id: '1001' },
      { action: 'blocking_feed_key.revoke', publisher_id: '1001' },
    ]);
  });

  it('scopes key management per publisher (403 outside scope, 404 for another publisher key) and validates names', async () => {
    const { key } = (await call(multi, '1003', 'POST', '/api/blocking-rules/feed-keys', { name: 'Evergreen' })).json();
    expect((await call(single, '1003', 'GET', '/api/blocking-rules/feed-keys')).statusCode).toBe(403);
    expect((await call(single, '1003', 'POST', '/api/blocking-rules/feed-keys', { name: 'x' })).statusCode).toBe(403);
    // Within scope but another publisher's key: not found, and not revoked.
    expect((await call(multi, '1001', 'POST', `/api/blocking-rules/feed-keys/${key.id}/revoke`)).statusCode).toBe(404);
    expect((await call(multi, '1003', 'GET', '/api/blocking-rules/feed-keys')).json()[0].revokedAt).toBeNull();
    const bad = await call(multi, '1003', 'POST', '/api/blocking-rules/feed-keys', { name: '   ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('name');
  });

  it('caps active keys per publisher with a 403 that says what to do', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await call(single, '1002', 'POST', '/api/blocking-rules/feed-keys', { name: `k${i}` })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(403);
  });
});
