import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../../test/test-app';
import type { GuardedFetch, GuardedResponse } from '../../../lib/outbound/guarded-fetch';
import type { AdsTxtCrawlerPort } from '../adstxt.service';

// The crawler serves this file for northwind-news.example (publisher 1001); the sellers.json
// client serves exchange.test's file and 404s for every other system.
const FILE = [
  'OWNERDOMAIN=northwind-news.example',
  'exchange.test, pub-1, DIRECT', // good
  'exchange.test, res-2, DIRECT', // INTERMEDIARY listed as DIRECT
  'exchange.test, nope, RESELLER', // not in sellers.json
  'exchange.test, other-5, DIRECT', // someone else's domain
  'nosellers.test, 9, RESELLER', // system without sellers.json
].join('\n');
const SELLERS = JSON.stringify({
  version: '1.0',
  contact_phone: '+1 555 0100', // not a key of sellers.json 1.0: reported with the file
  sellers: [
    { seller_id: 'pub-1', seller_type: 'PUBLISHER', name: 'Northwind', domain: 'northwind-news.example' },
    { seller_id: 'res-2', seller_type: 'INTERMEDIARY', name: 'Resell', domain: 'resell.example' },
    { seller_id: 'other-5', seller_type: 'PUBLISHER', name: 'Else', domain: 'someoneelse.example' },
  ],
});

const fetched: string[] = [];
const sellersFetch = Object.assign(
  async (url: string | URL, init?: { headers?: Record<string, string>; onChunk?: (b: Buffer) => void }): Promise<GuardedResponse> => {
    const u = String(url);
    fetched.push(`${u} ${init?.headers?.['if-none-match'] ?? ''}`.trim());
    if (u !== 'https://exchange.test/sellers.json') return { url: u, status: 404, headers: {}, body: Buffer.alloc(0) };
    if (init?.headers?.['if-none-match'] === '"s1"') return { url: u, status: 304, headers: {}, body: Buffer.alloc(0) };
    init?.onChunk?.(Buffer.from(SELLERS));
    return { url: u, status: 200, headers: { etag: '"s1"', 'content-type': 'application/json' }, body: Buffer.alloc(0) };
  },
  { close: async () => undefined },
) as GuardedFetch;

const crawler: AdsTxtCrawlerPort = {
  async crawl(domain) {
    return domain === 'northwind-news.example'
      ? { status: 'ok', httpStatus: 200, redirectChain: [`https://${domain}/ads.txt`], body: FILE, contentHash: 'h', fetchedAt: new Date() }
      : { status: 'not_found', httpStatus: 404, redirectChain: [], fetchedAt: new Date() };
  },
  async verifyRedirection() {
    return { status: 'verified' };
  },
};

let t: TestApp;
let multi: string;
let single: string;
beforeAll(async () => {
  t = await createTestApp({}, { adsTxtCrawler: crawler, sellersJsonFetch: sellersFetch });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
});
afterAll(async () => t.close());

const call = (token: string, publisher: string, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: bearer(token, publisher) });

describe('sellers.json cross-check on a domain', () => {
  it('looks sellers up after a crawl and explains each mismatch on its record', async () => {
    await call(multi, '1001', 'POST', '/api/adstxt/domains/d5001/verify');
    // Until the queued lookup ran, nothing is judged.
    const before = (await call(multi, '1001', 'GET', '/api/adstxt/domains/d5001')).json();
    expect(before.sellerChecks).toEqual([]);
    expect(before.sellersJson.map((s: { status: string }) => s.status)).toEqual(['pending', 'pending']);

    expect(await t.built.workers.sellersJsonRefreshes.drain()).toBe(2);
    const d = (await call(multi, '1001', 'GET', '/api/adstxt/domains/d5001')).json();
    expect(d.sellerChecks.map((c: { line: number; code: string; severity: string }) => [c.line, c.code, c.severity])).toEqual([
      [3, 'type_mismatch', 'error'],
      [3, 'domain_mismatch', 'warning'],
      [4, 'seller_not_found', 'error'],
      [5, 'domain_mismatch', 'warning'],
      [6, 'sellers_json_unavailable', 'info'],
    ]);
    expect(d.sellerChecks[0].reason).toContain('lists the seller as INTERMEDIARY');
    expect(d.sellerIssues).toBe(3); // lines 3, 4 and 5; line 3 has two findings
    expect(d.sellersJson).toEqual([
      {
        system: 'exchange.test',
        status: 'ok',
        reason: null,
        checkedAt: expect.any(String),
        issues: [{ code: 'unknown_key', count: 1, example: '"contact_phone" at the top level' }],
      },
      {
        system: 'nosellers.test',
        status: 'not_found',
        reason: 'nosellers.test publishes no sellers.json.',
        checkedAt: expect.any(String),
        issues: [],
      },
    ]);
    const listed = (await call(multi, '1001', 'GET', '/api/adstxt/domains'))
      .json()
      .find((x: { domain_id: string }) => x.domain_id === 'd5001');
    expect(listed.sellerIssues).toBe(3);
  });

  it('refreshes a day later with a conditional request, since every seller was looked up', async () => {
    fetched.length = 0;
    await t.db
      .updateTable('sellers_json_files')
      .set({ fetched_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('system_domain', 'in', ['exchange.test', 'nosellers.test'])
      .execute();
    expect(await t.built.sellersJson.queueDue()).toBe(2);
    expect(await t.built.workers.sellersJsonRefreshes.drain()).toBe(2);
    expect(fetched.sort()).toEqual(['https://exchange.test/sellers.json "s1"', 'https://nosellers.test/sellers.json']);
    const d = (await call(multi, '1001', 'GET', '/api/adstxt/domains/d5001')).json();
    expect(d.sellerIssues).toBe(3); // lines 3, 4 and 5; line 3 has two findings
    expect(await t.built.sellersJson.queueDue()).toBe(0);
  });

  it('reads an unreadable sellers.json again after 5, 10, 20... minutes, and at once on Verify now', async () => {
    const failedAgo = (minutes: number) =>
      t.db
        .updateTable('sellers_json_files')
        .set({ fetched_at: new Date(Date.now() - minutes * 60_000) })
        .where('system_domain', '=', 'nosellers.test')
        .execute();
    const attempts = async () =>
      (
        await t.db
          .selectFrom('sellers_json_files')
          .select('failed_attempts')
          .where('system_domain', '=', 'nosellers.test')
          .executeTakeFirstOrThrow()
      ).failed_attempts;
    expect(await attempts()).toBe(2); // the first read and the daily one above
    await failedAgo(9);
    expect(await t.built.sellersJson.queueDue()).toBe(0); // 10 minutes after the second failure
    await failedAgo(11);
    expect(await t.built.sellersJson.queueDue()).toBe(1);
    expect(await t.built.workers.sellersJsonRefreshes.drain()).toBe(1);
    expect(await attempts()).toBe(3);
    await failedAgo(11);
    expect(await t.built.sellersJson.queueDue()).toBe(0); // now 20 minutes
    await failedAgo(21);
    expect(await t.built.sellersJson.queueDue()).toBe(1);
    expect(await t.built.workers.sellersJsonRefreshes.drain()).toBe(1);
    // A readable file is left alone; the unreadable one is read again on Verify now, not due or not.
    fetched.length = 0;
    expect((await call(multi, '1001', 'POST', '/api/adstxt/domains/d5001/verify')).statusCode).toBe(200);
    expect(await t.built.workers.sellersJsonRefreshes.drain()).toBe(1);
    expect(fetched).toEqual(['https://nosellers.test/sellers.json']);
    expect(await attempts()).toBe(5);
  });

  it('another publisher cannot see these checks', async () => {
    const res = await call(single, '1002', 'GET', '/api/adstxt/domains/d5001');
    expect(res.statusCode).toBe(404);
  });
});
