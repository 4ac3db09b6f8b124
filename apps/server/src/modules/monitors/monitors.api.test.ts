import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { startLocalTestServer, type LocalTestServer } from '../../../test/local-test-server';

let t: TestApp;
let target: LocalTestServer;
let multi: string;
let single: string;
let staff: string;

beforeAll(async () => {
  target = await startLocalTestServer((req, res) => {
    if (req.url === '/down') res.writeHead(500).end('boom');
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<p>all good</p>');
  });
  t = await createTestApp({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1', UPTIME_MIN_INTERVAL_SECONDS: '30' });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
});
afterAll(async () => {
  await t.close();
  await target.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, publisher: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
const input = (over: object = {}) => ({
  name: 'Home page',
  url: target.url('127.0.0.1', '/'),
  method: 'GET',
  siteId: '5001',
  intervalSeconds: 300,
  timeoutSeconds: 10,
  retries: 1,
  acceptedStatusCodes: ['200-299'],
  keyword: 'all good',
  keywordMode: 'contains',
  certExpiryDays: 14,
  followRedirects: true,
  notifyEmails: ['ops@northwind-news.example'],
  webhookUrl: null,
  ...over,
});
const create = async (over: object = {}, token = multi, publisher = '1001') => {
  const res = await call(token, publisher, 'POST', '/api/monitors', input(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string; publisherId: string };
};

describe('monitors API', () => {
  it('creates, reads, edits and deletes a monitor of the chosen publisher, each change audited', async () => {
    const m = await create();
    expect(m).toMatchObject({ publisherId: '1001', status: 'pending', siteName: 'Northwind News', uptime24h: null });
    const list = (await call(multi, '1001', 'GET', '/api/monitors')).json() as { id: string }[];
    expect(list.map((x) => x.id)).toContain(m.id);
    const edited = await call(multi, '1001', 'PUT', `/api/monitors/${m.id}`, input({ name: 'Front page', retries: 3 }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Front page', retries: 3 });
    expect((await call(multi, '1001', 'DELETE', `/api/monitors/${m.id}`)).statusCode).toBe(200);
    expect((await call(multi, '1001', 'GET', `/api/monitors/${m.id}`)).statusCode).toBe(404);
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', 'like', 'monitor.%').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['monitor.created', 'monitor.updated', 'monitor.deleted']));
  });

  it('answers 400 with a fields map for bad input, including the plan interval and a foreign site', async () => {
    const bad = await call(
      multi,
      '1001',
      'POST',
      '/api/monitors',
      input({ url: 'ftp://x', intervalSeconds: 10, acceptedStatusCodes: ['2xx'] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['url', 'intervalSeconds', 'acceptedStatusCodes.0']));
    const slowTimeout = await call(multi, '1001', 'POST', '/api/monitors', input({ intervalSeconds: 30, timeoutSeconds: 30 }));
    expect(slowTimeout.json().fields).toHaveProperty('timeoutSeconds');
    const foreignSite = await call(multi, '1001', 'POST', '/api/monitors', input({ siteId: '5101' }));
    expect(foreignSite.statusCode).toBe(400);
    expect(foreignSite.json().fields).toHaveProperty('siteId');
    await t.db
      .insertInto('feature_flags')
      .values({ key: 'uptime.min_interval_seconds', shape: 'LIMIT', default_value: JSON.stringify(300) })
      .execute();
    const plan = await call(multi, '1001', 'POST', '/api/monitors', input({ intervalSeconds: 120 }));
    expect(plan.statusCode).toBe(400);
    expect(plan.json().fields.intervalSeconds).toBe('Your plan checks at most every 300 seconds.');
    await t.db.deleteFrom('feature_flags').where('key', '=', 'uptime.min_interval_seconds').execute();
    for (const weird of ['{', '[]', 'null'])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/monitors',
            headers: { ...bearer(multi, '1001'), 'content-type': 'application/json' },
            payload: weird,
          })
        ).statusCode,
      ).toBe(400);
  });

  it('the removed per-monitor webhookUrl: null or absent still passes, an address is a 400 on that field, never a 5xx', async () => {
    // input() sends webhookUrl: null, as an old client's read-modify-write does.
    const m = await create();
    expect(m).not.toHaveProperty('webhookUrl');
    const { webhookUrl: _omitted, ...withoutIt } = input();
    const second = await call(multi, '1001', 'POST', '/api/monitors', withoutIt);
    expect(second.statusCode).toBe(201);
    for (const [method, url] of [
      ['POST', '/api/monitors'],
      ['PUT', `/api/monitors/${m.id}`],
    ] as const) {
      const res = await call(multi, '1001', method, url, input({ webhookUrl: 'https://hooks.northwind.example/uptime' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.webhookUrl).toMatch(/Integrations/);
    }
    const stored = (await call(multi, '1001', 'GET', `/api/monitors/${m.id}`)).json();
    expect(stored).not.toHaveProperty('webhookUrl');
    // Leave the plan's monitor count as it was for the limit test.
    for (const id of [m.id, (second.json() as { id: string }).id]) await call(multi, '1001', 'DELETE', `/api/monitors/${id}`);
  });

  it('keeps publishers apart: another publisher gets 403, staff list every publisher', async () => {
    const m = await create();
    for (const [method, url] of [
      ['GET', `/api/monitors/${m.id}`],
      ['DELETE', `/api/monitors/${m.id}`],
      ['POST', `/api/monitors/${m.id}/pause`],
      ['GET', `/api/monitors/${m.id}/stats`],
    ] as const)
      expect((await call(single, '1002', method, url)).statusCode).toBe(403);
    expect((await call(single, '1001', 'GET', '/api/monitors')).statusCode).toBe(403);
    expect((await call(single, '1002', 'PUT', `/api/monitors/${m.id}`, input({ siteId: null }))).statusCode).toBe(403);
    const bulk = await call(single, '1002', 'POST', '/api/monitors/bulk', { ids: [m.id], action: 'pause' });
    expect(bulk.json()).toEqual({ changed: [] });
    expect((await call(multi, '1001', 'GET', '/api/monitors/all-publishers')).statusCode).toBe(403);
    const other = await create({ siteId: null }, single, '1002');
    const all = (await call(staff, '1001', 'GET', '/api/monitors/all-publishers')).json() as { id: string; publisherName: string }[];
    expect(all.map((x) => x.id)).toEqual(expect.arrayContaining([m.id, other.id]));
    expect((await call(staff, '1002', 'GET', `/api/monitors/${other.id}`)).statusCode).toBe(200);
  });

  it('checks one resumed monitor soon and spreads monitors resumed together over their interval; says when each is checked next', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create({ name: `Spread ${i}`, intervalSeconds: 3600, siteId: null })).id);
    await call(multi, '1001', 'POST', '/api/monitors/bulk', { ids, action: 'pause' });
    const paused = (await call(multi, '1001', 'GET', `/api/monitors/${ids[0]}`)).json() as { nextCheckAt: string | null };
    expect(paused.nextCheckAt).toBeNull();

    const before = Date.now();
    const resumed = await call(multi, '1001', 'POST', '/api/monitors/bulk', { ids, action: 'resume' });
    expect((resumed.json() as { changed: string[] }).changed).toHaveLength(5);
    const offsets = await Promise.all(
      ids.map(async (id) => {
        const m = (await call(multi, '1001', 'GET', `/api/monitors/${id}`)).json() as { nextCheckAt: string };
        return (Date.parse(m.nextCheckAt) - before) / 1000;
      }),
    );
    for (const s of offsets) expect(s).toBeGreaterThan(0);
    for (const s of offsets) expect(s).toBeLessThanOrEqual(3601 + 5);
    // Five uniform draws over an hour all within the first minute: about one chance in 10^9.
    expect(Math.max(...offsets)).toBeGreaterThan(60);
    expect(new Set(offsets.map((s) => Math.round(s))).size).toBeGreaterThan(2);

    // One monitor resumed on its own is checked within seconds, as before.
    await call(multi, '1001', 'POST', `/api/monitors/${ids[0]}/pause`);
    const one = (await call(multi, '1001', 'POST', `/api/monitors/${ids[0]}/resume`)).json() as { nextCheckAt: string };
    expect(Date.parse(one.nextCheckAt) - Date.now()).toBeLessThan(12_000);
    for (const id of ids) await call(multi, '1001', 'DELETE', `/api/monitors/${id}`);
  });

  it('pauses and resumes one or many; the plan limit answers 403', async () => {
    const a = await create({ name: 'A' });
    const b = await create({ name: 'B' });
    expect((await call(multi, '1001', 'POST', `/api/monitors/${a.id}/pause`)).json().status).toBe('paused');
    const bulk = await call(multi, '1001', 'POST', '/api/monitors/bulk', { ids: [a.id, b.id], action: 'pause' });
    expect(bulk.json()).toEqual({ changed: [b.id] });
    const paused = (await call(multi, '1001', 'GET', '/api/monitors?status=paused')).json() as { id: string }[];
    expect(paused.map((x) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await call(multi, '1001', 'POST', `/api/monitors/${a.id}/resume`)).json().status).toBe('pending');
    const limits = (await call(multi, '1003', 'GET', '/api/monitors/limits')).json();
    expect(limits).toMatchObject({ maxMonitors: 10, used: 0 });
    await t.db
      .insertInto('feature_flag_overrides')
      .values({ flag_key: 'uptime.max_monitors', publisher_id: '1003', value: JSON.stringify(1) })
      .execute();
    await create({ siteId: null }, multi, '1003');
    const over = await call(multi, '1003', 'POST', '/api/monitors', input({ siteId: null }));
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      name: 'PlanLimit',
      message: expect.stringMatching(/^Your Growth plan allows 1 uptime monitor\. /),
    });
    expect(over.json().message).toMatch(/larger plan/);
  });

  it('"test now" runs one check of the form values through the allow-listed client, storing nothing', async () => {
    const up = await call(multi, '1001', 'POST', '/api/monitors/test', input());
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ ok: true, httpStatus: 200, keywordFound: true, error: null });
    const down = await call(multi, '1001', 'POST', '/api/monitors/test', input({ url: target.url('127.0.0.1', '/down') }));
    expect(down.json()).toMatchObject({ ok: false, httpStatus: 500, error: 'status 500 is not an accepted status' });
    const m = await create();
    const saved = await call(multi, '1001', 'POST', `/api/monitors/${m.id}/check`);
    expect(saved.json().ok).toBe(true);
    const results = await call(multi, '1001', 'GET', `/api/monitors/${m.id}/results`);
    expect(results.json()).toEqual([]);
  });
});

describe('monitors API without the allow-list', () => {
  it('refuses a private target in "test now"', async () => {
    const plain = await createTestApp();
    try {
      const token = (await signIn(plain.app, DEMO.multi)).idToken;
      const res = await plain.app.inject({ method: 'POST', url: '/api/monitors/test', headers: bearer(token, '1001'), payload: input() });
      expect(res.json()).toMatchObject({ ok: false, error: 'the address points into a private network, which we never contact' });
    } finally {
      await plain.close();
    }
  });
});
