import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';

/**
 * Dates such as 9e15, year 10000 or -1 and numbers past the safe range get a 400
 * naming the field (shared contract fields `DayField`, `EpochDayField`, `IdNumberField`), never a
 * 500, a generic `request` error or a silently accepted impossible date; and they change nothing.
 */
let t: TestApp;
let single: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  single = { ...bearer((await signIn(t.app, DEMO.single)).idToken), 'publisher-scope': '1002' };
  admin = bearer((await signIn(t.app, DEMO.admin)).idToken);
});
afterAll(async () => t.close());

const report = (from: string, to: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/partner-center/report?reportType=revenue&publisherId=1002&dateFrom=${from}&dateTo=${to}&interval=Day&metrics=revenue`,
    headers: single,
  });

describe('dates', () => {
  it.each([
    ['9e15', 'after 9999'],
    ['253402300800000', 'after 9999'], // 10000-01-01
    ['-1', 'before 1970'],
    ['1e20', 'Choose a start date'],
  ])('report dateFrom=dateTo=%s is a 400 on dateFrom', async (v, text) => {
    const r = await report(v, v);
    expect(r.statusCode).toBe(400);
    expect(r.json().fields.dateFrom).toContain(text);
  });

  it.each(['2026-02-30', '10000-01-01', '0000-01-01', '-1', '9e15'])('site-tag from=%s is a 400 on from', async (v) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/site-tag/audience?from=${v}&to=2026-03-01`, headers: single });
    expect(r.statusCode).toBe(400);
    expect(r.json().fields.from).toMatch(/real date, years 1970-9999/);
  });

  it.each(['10000-01-01', '2026-02-30', '0000-01-01', -1, 9e15])(
    'blocking rule expiresAt=%j is a 400 on expiresAt and creates nothing',
    async (expiresAt) => {
      const before = await t.db.selectFrom('blocking_rules').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/blocking-rules',
        headers: single,
        payload: { name: 'Bad date', type: 'keyword', values: ['casino'], siteIds: null, expiresAt },
      });
      expect(r.statusCode).toBe(400);
      expect(Object.keys(r.json().fields)).toEqual(['expiresAt']);
      const after = await t.db.selectFrom('blocking_rules').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
      expect(after.n).toEqual(before.n);
    },
  );

  it.each(['0000-01-01', '2026-02-30'])('audit log from=%s is a 400 on from', async (v) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/admin/audit?from=${v}`, headers: admin });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json().fields)).toEqual(['from']);
  });
});

describe('numbers past the safe range', () => {
  it.each(['1e20', '99999999999999999999', '-1', '0'])('ads.txt revision id %s is a 400 on revisionId', async (v) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/adstxt/domains/any/revisions/${v}`, headers: single });
    expect(r.statusCode).toBe(400);
    expect(r.json().fields).toEqual({ revisionId: 'Use a positive whole number.' });
  });

  it('ads.txt diff from/to past the safe range is a 400 on each', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/adstxt/domains/any/diff?from=1e300&to=-5', headers: single });
    expect(r.statusCode).toBe(400);
    expect(r.json().fields).toEqual({ from: 'Use a positive whole number.', to: 'Use a positive whole number.' });
  });
});
