import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { DuckDbReportEngine } from '../../report-engine/duckdb-engine';
import { createCollectLimiter } from './site-tag.limits';
import { siteTagLimitsRepo } from './site-tag.limits.repo';

const ORIGIN = 'https://northwind-news.example';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const today = new Date().toISOString().slice(0, 10);
const ts = Math.max(Date.now() - 1000, Date.parse(today) + 1000);

let t: TestApp;
let key = '';
let token = '';
beforeAll(async () => {
  // Small limits so a test can reach them: 10 events per address, 30 per site, refilled slowly.
  t = await createTestApp({
    SITE_TAG_ADDRESS_EVENTS_PER_SECOND: '1',
    SITE_TAG_ADDRESS_BURST: '10',
    SITE_TAG_SITE_EVENTS_PER_SECOND: '1',
    SITE_TAG_SITE_BURST: '30',
  });
  key = (await t.db.selectFrom('sites').select('tag_key').where('id', '=', '5001').executeTakeFirstOrThrow()).tag_key;
  token = (await signIn(t.app, DEMO.multi)).idToken;
});
afterAll(() => t.close());

const batch = (n: number, id: string) => ({
  k: key,
  e: Array.from({ length: n }, (_, i) => ({ t: 'pv', ts, id: `${id}-${i}`, p: `/limits/${id}`, vw: 1280 })),
});
const beacon = (body: object, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/t/collect',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain', 'user-agent': CHROME, origin: ORIGIN, ...headers },
    payload: JSON.stringify(body),
  });
const audience = async () => {
  await t.built.siteTagCollector.syncLimits();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/site-tag/audience?from=${today}&to=${today}&siteId=5001`,
    headers: bearer(token, '1001'),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ refusedEvents: number; countries: { key: string }[] }>();
};

describe('/t/collect limits', () => {
  it('refuses with 429 past the per-address bucket, other addresses go on, and the site counts the refused events', async () => {
    expect((await audience()).refusedEvents).toBe(0);
    expect((await beacon(batch(10, 'a1'), '203.0.113.10')).statusCode).toBe(202);
    const refused = await beacon(batch(10, 'a2'), '203.0.113.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many events from this site or address. Try again in a few seconds.');
    expect((await beacon(batch(5, 'b1'), '203.0.113.11')).statusCode).toBe(202);
    expect((await audience()).refusedEvents).toBe(10);
  });

  it('refuses past the per-site bucket whatever the address', async () => {
    // 15 of the site's 30 are spent above: fresh addresses (each with a full bucket) soon find it dry.
    const codes: number[] = [];
    for (let i = 0; i < 8 && !codes.includes(429); i++) codes.push((await beacon(batch(10, `d${i}`), `203.0.113.${30 + i}`)).statusCode);
    expect(codes).toContain(429);
    expect((await audience()).refusedEvents).toBe(20);
  });

  it('counts across processes: a bucket spent by another process is spent here after the sync', async () => {
    const log = pino({ level: 'silent' });
    const limits = { perSite: { rate: 0.001, burst: 1000 }, perAddress: { rate: 0.001, burst: 10 } };
    const repo = siteTagLimitsRepo(t.db);
    const a = createCollectLimiter({ repo, limits, log });
    const b = createCollectLimiter({ repo, limits, log });
    expect(a.take('shared-key', '5001', '192.0.2.99', 8)).toBe(true);
    await a.sync();
    // b has not spent yet: its own copy is full, so its first take still passes and syncs the debt.
    expect(b.take('shared-key', '5001', '192.0.2.99', 2)).toBe(true);
    await b.sync();
    expect(b.take('shared-key', '5001', '192.0.2.99', 1)).toBe(false);
    await a.sync();
    expect(a.take('shared-key', '5001', '192.0.2.99', 1)).toBe(false);
  });
});

describe('/t/collect country', () => {
  it('ignores CDN country headers unless TRUST_PROXY says a proxy sets them', async () => {
    expect((await beacon(batch(1, 'country'), '203.0.113.40', { 'cf-ipcountry': 'KP' })).statusCode).toBe(202);
    await t.built.siteTagCollector.flush();
    if (!(t.built.engine instanceof DuckDbReportEngine)) throw new Error('DuckDB engine expected');
    const rows = await t.built.engine.runSql(`SELECT country FROM site_tag_events WHERE page_id = 'country-0'`);
    expect(rows).toEqual([{ country: '' }]);
  });
});
