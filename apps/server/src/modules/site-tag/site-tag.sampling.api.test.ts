import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

// The sample rate end to end through the API: the site's rate is on its setup, its tag carries
// it, and each collected event counts as many page views as the rate says.
let t: TestApp;
let token = '';
let key = '';
const now = Date.now();
const base = Math.max(now - 60_000, Date.parse(new Date(now).toISOString().slice(0, 10)) + 1000);
const today = new Date(base).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, DEMO.multi)).idToken;
  await t.db.updateTable('sites').set({ tag_sample_one_in: 10 }).where('id', '=', '5002').execute();
  key = (await t.db.selectFrom('sites').select('tag_key').where('id', '=', '5002').executeTakeFirstOrThrow()).tag_key;
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token, '1001') });

describe('site tag sample rate', () => {
  it('is shown on the site setup, one in N and as a fraction', async () => {
    const res = await get('/api/site-tag/sites');
    expect(res.statusCode).toBe(200);
    const sites = res.json() as { id: string; sampleOneIn: number; sampleRate: number }[];
    expect(sites.find((s) => s.id === '5002')).toMatchObject({ sampleOneIn: 10, sampleRate: 0.1 });
    expect(sites.find((s) => s.id === '5001')).toMatchObject({ sampleOneIn: 1, sampleRate: 1 });
  });

  it('is written into the site’s tag (still under 3 KB compressed); an unsampled site’s tag records every load', async () => {
    const script = async (k: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/t/${k}.js`, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(3072);
      return { js: gunzipSync(res.rawPayload).toString(), etag: res.headers.etag };
    };
    const sampled = await script(key);
    const other = await script(
      (await t.db.selectFrom('sites').select('tag_key').where('id', '=', '5001').executeTakeFirstOrThrow()).tag_key,
    );
    expect(sampled.js).not.toContain('__PC_ONE_IN__');
    expect(sampled.js).toMatch(/Math\.random\(\)\*10<1/);
    expect(other.js).toMatch(/Math\.random\(\)\*1<1/);
    expect(sampled.etag).not.toBe(other.etag);
  });

  it('weighs each collected event by the site’s rate: one page view counts 10', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/t/collect',
      remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://sport.northwind-news.example', 'user-agent': 'Mozilla/5.0' },
      payload: JSON.stringify({
        k: key,
        e: [
          { t: 'pv', ts: base, id: 'sampled-1', p: '/', r: 'https://www.google.com/', vw: 1280 },
          { t: 'en', ts: base + 1, id: 'sampled-1', p: '/', et: 12_000, sd: 30 },
        ],
      }),
    });
    expect(res.statusCode).toBe(202);
    await t.built.siteTagCollector.flush();
    const a = await get(`/api/site-tag/audience?from=${today}&to=${today}&siteId=5002`);
    expect(a.statusCode).toBe(200);
    expect(a.json().totals).toEqual({ pageViews: 10, visitors: 10, visits: 10, avgEngagedSeconds: 12, avgScrollDepth: 30 });
    expect(a.json().sources).toEqual([{ source: 'google.com', medium: 'organic', value: 10 }]);
    const r = await get(`/api/site-tag/ad-revenue?from=${today}&to=${today}&siteId=5002`);
    expect(r.statusCode).toBe(200);
    expect(r.json().totals.pageViews).toBe(10);
  });

  it('refuses a rate outside 1 in 1..1000 in the database', async () => {
    await expect(t.db.updateTable('sites').set({ tag_sample_one_in: 0 }).where('id', '=', '5002').execute()).rejects.toThrow(
      /sites_tag_sample_one_in_range/,
    );
  });
});

describe("staff set a site's sample rate (PUT /api/admin/sites/:siteId/tag-sample-rate)", () => {
  const put = (tok: string, body: unknown, site = '5001') =>
    t.app.inject({ method: 'PUT', url: `/api/admin/sites/${site}/tag-sample-rate`, headers: bearer(tok, '1001'), payload: body as object });

  it('is for staff and admins only: a media owner gets 403 and nothing changes', async () => {
    const res = await put(token, { sampleOneIn: 5 });
    expect(res.statusCode).toBe(403);
    const row = await t.db.selectFrom('sites').select('tag_sample_one_in').where('id', '=', '5001').executeTakeFirstOrThrow();
    expect(row.tag_sample_one_in).toBe(1);
  });

  it('400 with fields for a rate outside 1-1000 or not whole; 404 for an unknown site', async () => {
    const staff = (await signIn(t.app, DEMO.staff)).idToken;
    for (const bad of [{ sampleOneIn: 0 }, { sampleOneIn: 1001 }, { sampleOneIn: 2.5 }, { sampleOneIn: 'ten' }, {}]) {
      const res = await put(staff, bad);
      expect(res.statusCode).toBe(400);
      expect(Object.keys((res.json() as { fields: Record<string, string> }).fields)).toContain('sampleOneIn');
    }
    expect((await put(staff, { sampleOneIn: 5 }, 'no-such-site')).statusCode).toBe(404);
  });

  it('changes the rate, audited in the same write with before and after; the publisher sees it on the setup', async () => {
    const staff = (await signIn(t.app, DEMO.staff)).idToken;
    const res = await put(staff, { sampleOneIn: 25 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ siteId: '5001', publisherId: '1001', sampleOneIn: 25 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['publisher_id', 'details'])
      .where('action', '=', 'site.tag-sample-rate')
      .executeTakeFirstOrThrow();
    expect(audit.publisher_id).toBe('1001');
    expect(typeof audit.details === 'string' ? JSON.parse(audit.details) : audit.details).toEqual({
      siteId: '5001',
      before: { sampleOneIn: 1 },
      after: { sampleOneIn: 25 },
    });
    const sites = (await get('/api/site-tag/sites')).json() as { id: string; sampleOneIn: number }[];
    expect(sites.find((s) => s.id === '5001')?.sampleOneIn).toBe(25);
    const admin = (await signIn(t.app, DEMO.admin)).idToken;
    expect((await put(admin, { sampleOneIn: 1 })).statusCode).toBe(200);
  });
});
