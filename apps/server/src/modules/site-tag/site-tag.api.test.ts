import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { DuckDbReportEngine } from '../../report-engine/duckdb-engine';

let t: TestApp;
let key = '';
let multi = '';
let single = '';
const ORIGIN = 'https://northwind-news.example';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const now = Date.now();
// Every event on today's UTC date, so one day's range holds them all.
const base = Math.max(now - 60_000, Date.parse(new Date(now).toISOString().slice(0, 10)) + 1000);
const today = new Date(base).toISOString().slice(0, 10);

beforeAll(async () => {
  // One proxy in front (it sets cf-ipcountry): without TRUST_PROXY the country headers are ignored.
  t = await createTestApp({ TRUST_PROXY: '1' });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  key = (await t.db.selectFrom('sites').select('tag_key').where('id', '=', '5001').executeTakeFirstOrThrow()).tag_key;
});
afterAll(async () => t.close());

const beacon = (body: unknown, opts: { origin?: string; ua?: string; ip?: string; country?: string; type?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/t/collect',
    remoteAddress: opts.ip ?? '203.0.113.1',
    headers: {
      'content-type': opts.type ?? 'text/plain;charset=UTF-8',
      'user-agent': opts.ua ?? CHROME,
      ...(opts.origin === '' ? {} : { origin: opts.origin ?? ORIGIN }),
      ...(opts.country ? { 'cf-ipcountry': opts.country } : {}),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const duck = () => {
  if (!(t.built.engine instanceof DuckDbReportEngine)) throw new Error('DuckDB engine expected');
  return t.built.engine;
};
const stored = async () => {
  await t.built.siteTagCollector.flush();
  const [r] = await duck().runSql('SELECT count(*) AS n FROM site_tag_events');
  return Number(r?.n ?? -1);
};
const get = (url: string, token = multi, publisher = '1001') => t.app.inject({ method: 'GET', url, headers: bearer(token, publisher) });
const pv = (k: number, p: string, r = '', extra: object = {}) => ({ t: 'pv', ts: base + k, id: `page${p}`, p, r, vw: 1280, ...extra });

describe('site tag script', () => {
  it('serves the tag per site key under 3 KB compressed, loadable by other origins; 404 for an unknown key', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/t/${key}.js`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(3072);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(gunzipSync(res.rawPayload).toString()).toContain('sendBeacon');
    expect((await t.app.inject({ method: 'GET', url: '/t/nope.js' })).statusCode).toBe(404);
  });
});

describe('collection rejects junk with 4xx and stores nothing', () => {
  it.each([
    ['bad site key', { k: 'not-a-key', e: [pv(0, '/')] }, {}, 404],
    ['wrong origin', null, { origin: 'https://evil.example' }, 403],
    ['missing origin', null, { origin: '' }, 403],
    ['malformed JSON', '{"k":', {}, 400],
    ['future timestamp', 'future', {}, 400],
    ['too old timestamp', 'old', {}, 400],
    ['too many events', 'many', {}, 413],
    ['invalid event', { k: 'x', e: [{ t: 'zz' }] }, {}, 400],
  ])('%s', async (_name, body, opts, status) => {
    const payload =
      body === null
        ? { k: key, e: [pv(0, '/')] }
        : body === 'future'
          ? { k: key, e: [{ ...pv(0, '/'), ts: now + 3_600_000 }] }
          : body === 'old'
            ? { k: key, e: [{ ...pv(0, '/'), ts: now - 3 * 86_400_000 }] }
            : body === 'many'
              ? { k: key, e: Array.from({ length: 51 }, (_, i) => pv(i, '/')) }
              : body;
    const res = await beacon(payload, opts);
    expect(res.statusCode).toBe(status);
    expect(await stored()).toBe(0);
  });

  it('oversized body is 413', async () => {
    const res = await beacon({ k: key, e: [pv(0, '/', 'x'.repeat(40_000))] });
    expect(res.statusCode).toBe(413);
    expect(await stored()).toBe(0);
  });
});

describe('audience, performance and ad revenue on a fixed event set', () => {
  beforeAll(async () => {
    const a = { ip: '198.51.100.7', ua: CHROME, country: 'DE' };
    const b = { ip: '198.51.100.8', ua: IPHONE };
    const ok = [
      await beacon(
        {
          k: key,
          e: [
            pv(1, '/news/123', 'https://www.google.com/search?q=x'),
            { t: 'wv', ts: base + 2, id: 'page/news/123', p: '/news/123', n: 'LCP', v: 2000, a: 'img.hero' },
          ],
        },
        a,
      ),
      await beacon({ k: key, e: [{ t: 'en', ts: base + 3, id: 'page/news/123', p: '/news/123', et: 30_000, sd: 80 }] }, a),
      await beacon(
        {
          k: key,
          e: [
            pv(4, '/news/456', 'https://northwind-news.example/news/123'),
            { t: 'wv', ts: base + 5, id: 'page/news/456', p: '/news/456', n: 'LCP', v: 5000, a: 'div#main' },
            { t: 'en', ts: base + 6, id: 'page/news/456', p: '/news/456', et: 5_000, sd: 20 },
            // Cumulative: the last engagement report of a page counts.
            { t: 'en', ts: base + 7, id: 'page/news/456', p: '/news/456', et: 10_000, sd: 40 },
          ],
        },
        a,
      ),
      await beacon(
        {
          k: key,
          e: [
            pv(8, '/', '', { us: 'newsletter', um: 'email', uc: 'spring', vw: 390 }),
            { t: 'wv', ts: base + 9, id: 'page/', p: '/', n: 'LCP', v: 3000, a: '' },
            { t: 'wv', ts: base + 9, id: 'page/', p: '/', n: 'CLS', v: 0.05, a: 'p.ad' },
            { t: 'en', ts: base + 10, id: 'page/', p: '/', et: 20_000, sd: 60 },
          ],
        },
        b,
      ),
    ];
    expect(ok.map((r) => r.statusCode)).toEqual([202, 202, 202, 202]);
    await t.built.siteTagCollector.flush();
    await duck().write((c) =>
      c.run(
        `INSERT INTO revenue_sales (date, publisher_id, site_id, product_type, size, brand, deal_name, deal_id, impressions, revenue, net_revenue) VALUES (DATE '${today}', '1001', '5001', 'display', '300x250', 'b', 'd', '1', 1000, 6.0, 5.0), (DATE '${today}', '1001', '5001', 'video', '640x480', 'b', 'd', '1', 10, 3.0, 2.5)`,
      ),
    );
  });

  it('audience overview has exact figures (visitors within the stated error), sources, devices, countries', async () => {
    const res = await get(`/api/site-tag/audience?from=${today}&to=${today}&siteId=5001`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.totals).toEqual({ pageViews: 3, visitors: 2, visits: 2, avgEngagedSeconds: 20, avgScrollDepth: 60 });
    expect(Math.abs(a.totals.visitors - 2)).toBeLessThanOrEqual(Math.ceil(2 * a.visitorsRelativeError));
    expect(a.previous.pageViews).toBe(0);
    expect(a.series).toEqual([{ date: today, pageViews: 3, visitors: 2 }]);
    expect(a.topPages).toEqual([
      { key: '/', value: 1 },
      { key: '/news/123', value: 1 },
      { key: '/news/456', value: 1 },
    ]);
    expect(a.sources).toEqual([
      { source: 'google.com', medium: 'organic', value: 1 },
      { source: 'newsletter', medium: 'email', value: 1 },
    ]);
    expect(a.campaigns).toEqual([{ key: 'spring', value: 1 }]);
    expect(a.devices).toEqual([
      { key: 'desktop', value: 2 },
      { key: 'mobile', value: 1 },
    ]);
    expect(a.browsers).toEqual([
      { key: 'Chrome', value: 2 },
      { key: 'Mobile Safari', value: 1 },
    ]);
    expect(a.countries).toEqual([{ key: 'DE', value: 2 }]);
  });

  it('marks eventTrackerDataReceived at the first event and lists the snippet', async () => {
    const sites = (await get('/api/site-tag/sites')).json() as { id: string; eventTrackerDataReceived: boolean; snippet: string }[];
    expect(sites.find((s) => s.id === '5001')).toMatchObject({
      eventTrackerDataReceived: true,
      snippet: `<script async src="http://partners.test/t/${key}.js"></script>`,
    });
    expect(sites.find((s) => s.id === '5002')?.eventTrackerDataReceived).toBe(false);
    // Without demo mode there is no demo page and no demo page URL.
    expect(sites.find((s) => s.id === '5001')).toMatchObject({ active: true, demoPageUrl: null });
    expect((await t.app.inject({ method: 'GET', url: '/demo/sites/5001' })).statusCode).toBe(404);
  });

  it('performance: p75 per metric rated by the published thresholds, worst pages first with their element', async () => {
    const p = (await get(`/api/site-tag/performance?from=${today}&to=${today}`)).json();
    expect(p.overall).toEqual([
      { metric: 'CLS', p75: 0.05, samples: 1, rating: 'good' },
      { metric: 'LCP', p75: 4000, samples: 3, rating: 'needs-improvement' },
    ]);
    expect(p.byTemplate).toContainEqual({ template: '/news/:n', metric: 'LCP', p75: 4250, samples: 2, rating: 'poor' });
    expect(p.worstPages[0]).toEqual({ path: '/news/456', p75Lcp: 5000, rating: 'poor', samples: 1, element: 'div#main' });
    expect(p.worstPages.map((w: { path: string }) => w.path)).toEqual(['/news/456', '/', '/news/123']);
  });

  it('ad revenue: page RPM joins report revenue with tag page views', async () => {
    const res = await get(`/api/site-tag/ad-revenue?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.totals).toEqual({ revenue: 9, pageViews: 3, pageRpm: 3000, rpmPageViews: 3, previousRevenue: 0 });
    expect(r.sites[0]).toMatchObject({ siteId: '5001', name: 'Northwind News', revenue: 9, pageViews: 3, pageRpm: 3000 });
    expect(r.products).toEqual([
      { product: 'display', revenue: 6 },
      { product: 'video', revenue: 3 },
    ]);
    expect(r.rpmByLcp).toEqual([{ siteId: '5001', rating: 'needs-improvement', pageViews: 3, pageRpm: 3000 }]);
  });

  it('403 across publishers: another publisher scope, or a site of another publisher', async () => {
    expect((await get(`/api/site-tag/audience?from=${today}&to=${today}`, single, '1001')).statusCode).toBe(403);
    expect((await get(`/api/site-tag/audience?from=${today}&to=${today}&siteId=5101`)).statusCode).toBe(403);
    expect((await get(`/api/site-tag/performance?from=${today}&to=${today}&siteId=5101`)).statusCode).toBe(403);
    expect((await get(`/api/site-tag/ad-revenue?from=${today}&to=${today}&siteId=5101`)).statusCode).toBe(403);
    // The other publisher sees none of 1001's events.
    const own = (await get(`/api/site-tag/audience?from=${today}&to=${today}`, single, '1002')).json();
    expect(own.totals.pageViews).toBe(0);
  });

  it('bad ranges are 400 with fields', async () => {
    const res = await get(`/api/site-tag/audience?from=2026-02-01&to=2026-01-01`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('from');
  });
});

describe('collection counts in /metrics', () => {
  it('counts accepted, stored, failed and pending events: after a flush every accepted event is stored', async () => {
    const before = t.built.siteTagCollector.stats();
    const res = await beacon({ k: key, e: [pv(5, '/m1'), pv(6, '/m2'), pv(7, '/m3')] });
    expect(res.statusCode).toBe(202);
    expect((await beacon({ k: 'no-such-key', e: [pv(8, '/m4')] })).statusCode).toBe(404); // not accepted
    expect(t.built.siteTagCollector.stats()).toMatchObject({ accepted: before.accepted + 3, pending: 3 });
    await t.built.siteTagCollector.flush();
    const after = t.built.siteTagCollector.stats();
    expect(after).toEqual({ accepted: before.accepted + 3, stored: before.stored + 3, failed: before.failed, pending: 0 });
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain(`pc_site_tag_events_accepted ${after.accepted}`);
    expect(metrics).toContain(`pc_site_tag_events_stored ${after.stored}`);
    expect(metrics).toContain('pc_site_tag_events_pending 0');
  });
});

describe('the figures of the last seconds (site-tag.read-cache.ts)', () => {
  it('serves a repeated read from the cache, and shows a visit at once when this process stores it', async () => {
    const url = `/api/site-tag/audience?from=${today}&to=${today}&siteId=5001`;
    const pageViews = async () => (await get(url)).json<{ totals: { pageViews: number } }>().totals.pageViews;
    const before = await pageViews();
    // Stored around the collector (as another process would): the cached answer stands inside its window.
    await duck().write((c) =>
      c.run(`UPDATE site_tag_events SET weight = weight + 1 WHERE site_id = '5001' AND kind = 'pv' AND page_id = 'page/news/123'`),
    );
    expect(await pageViews()).toBe(before);
    // A visit through the collector drops the publisher's figures as soon as it is stored.
    expect((await beacon({ k: key, e: [pv(11, '/cache')] }, { ip: '198.51.100.9' })).statusCode).toBe(202);
    await t.built.siteTagCollector.flush();
    expect(await pageViews()).toBe(before + 2);
  });
});
