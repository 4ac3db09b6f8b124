import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADS_TXT_PRODUCT_TYPES, shiftDays, todayIn, type RevenueAtRisk } from '@pc/contracts';
import { DEMO, bearer, createTestApp, reportingKeyHeaders, signIn, type TestApp } from '../../../test/test-app';
import { demoFactsOptions } from '../../demo/seed-demo-facts';
import { generateDemoFacts } from '../reports';
import { emptyHistogram } from '../monitors/rollup-histogram';
import { monitorsRepo } from '../monitors/monitors.repo';

/**
 * Revenue at risk through the API on the demo's generated facts for Northwind (1001): ads.txt and
 * blocking are priced from the seeded domains and rules, downtime from a monitor added here.
 */
let t: TestApp;
let multi: string;
const yesterday = shiftDays(todayIn('UTC', new Date()), -1);
const from = shiftDays(yesterday, -27);
const cents = (v: number) => Math.round(v * 100) / 100;

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  const options = demoFactsOptions(yesterday);
  await generateDemoFacts(t.built.engine, { ...options, months: 2, publishers: options.publishers.filter((p) => p.id === '1001') });
});
afterAll(async () => t.close());

const get = (query = '', headers = bearer(multi, '1001')) =>
  t.app.inject({ method: 'GET', url: `/api/partner-center/revenue-at-risk${query}`, headers });
const causeOf = (body: RevenueAtRisk, siteId: string, kind: string) =>
  body.sites.find((s) => s.siteId === siteId)!.causes.find((c) => c.kind === kind)!;

const siteRevenue = async (siteId: string, productTypes?: readonly string[]) =>
  t.built.engine.query({
    reportType: 'revenue',
    publisherId: '1001',
    dateFrom: from,
    dateTo: yesterday,
    dimensions: [],
    metrics: ['revenue'],
    interval: productTypes ? 'Cumulative' : 'Day',
    limit: 100,
    filters: [
      { dimension: 'sites', mode: 'include', values: [siteId] },
      ...(productTypes ? [{ dimension: 'product_type' as const, mode: 'include' as const, values: [...productTypes] }] : []),
    ],
  });

describe('revenue at risk', () => {
  it('prices ads.txt from the report’s programmatic revenue, and the totals add up', async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RevenueAtRisk>();
    expect(body.period).toEqual({ from, to: yesterday, days: 28 });
    const programmatic = (await siteRevenue('5002', ADS_TXT_PRODUCT_TYPES)).totals.revenue as number;
    const adsTxt = causeOf(body, '5002', 'adstxt');
    expect(adsTxt.status).toBe('priced');
    expect(adsTxt.amountPerDay).toBe(cents(programmatic / 28));
    expect(adsTxt.fixes[0]!.href).toMatch(/^\/partners\/adstxt\?domain=/);
    for (const s of body.sites)
      expect(s.amountPerDay).toBeCloseTo(
        s.causes.reduce((a, c) => a + (c.amountPerDay ?? 0), 0),
        2,
      );
    expect(body.totals.amountPerDay).toBeCloseTo(
      body.sites.reduce((a, s) => a + s.amountPerDay, 0),
      2,
    );
    expect(causeOf(body, '5001', 'blocking')).toMatchObject({ status: 'priced' });
  });

  it('says "too little data" instead of a number where the facts cannot price a cause', async () => {
    const body = (await get()).json<RevenueAtRisk>();
    expect(causeOf(body, '5001', 'pageSpeed')).toMatchObject({ status: 'tooLittleData', amountPerDay: null });
    expect(causeOf(body, '5002', 'downtime')).toMatchObject({
      status: 'tooLittleData',
      amountPerDay: null,
      note: 'No running monitor checks this site.',
      fixes: [{ label: 'Add a monitor for Northwind Sport', href: '/uptime-monitoring/new' }],
    });
  });

  it('prices downtime: minutes down times the weekday’s revenue per minute', async () => {
    const id = await monitorsRepo(t.db).insert(
      '1001',
      {
        site_id: '5001',
        name: 'Risk test',
        url: 'https://northwind-news.example/',
        method: 'GET',
        interval_seconds: 60,
        timeout_seconds: 10,
        retries: 0,
        accepted_status_codes: ['200-299'],
        keyword: null,
        keyword_mode: 'contains',
        cert_expiry_days: 14,
        follow_redirects: true,
        notify_emails: [],
      },
      new Date(Date.now() + 3_600_000),
    );
    const day = shiftDays(yesterday, -3);
    await t.db
      .insertInto('monitor_rollups')
      .values({
        monitor_id: id,
        grain: 'day',
        bucket: new Date(`${day}T00:00:00Z`),
        checks: 1440,
        up_checks: 1380,
        sum_ms: 0,
        histogram: emptyHistogram(),
      })
      .execute();
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const sameWeekday = (await siteRevenue('5001')).rows.filter((r) => new Date(`${String(r.date)}T00:00:00Z`).getUTCDay() === weekday);
    const perMinute = sameWeekday.reduce((a, r) => a + (r.revenue as number), 0) / sameWeekday.length / 1440;
    const cause = causeOf((await get()).json<RevenueAtRisk>(), '5001', 'downtime');
    expect(cause.status).toBe('priced');
    expect(cause.amountPerDay).toBe(cents((60 * perMinute) / 28));
    expect(cause.fixes).toEqual([{ label: 'Monitor Risk test', href: `/uptime-monitoring/${id}` }]);
  });

  it('refuses another publisher’s data and bad queries', async () => {
    expect((await get('', bearer(multi, '1002'))).statusCode).toBe(403);
    const bad = await get('?siteId=..%2Fx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toHaveProperty('siteId');
    expect((await get('?siteId=5101')).statusCode).toBe(404);
  });

  it('is readable with a reporting API key, as JSON and as CSV', async () => {
    const key = await reportingKeyHeaders(t.app, multi, '1001');
    const res = await get('?siteId=5002', key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RevenueAtRisk>().sites.map((s) => s.siteId)).toEqual(['5002']);
    const csv = await t.app.inject({ method: 'GET', url: '/api/partner-center/revenue-at-risk.csv', headers: key });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Site,Site ID,Cause,Status,Amount per day,Currency,Formula,Inputs,Note,Fix');
    expect(lines).toHaveLength(1 + 2 * 4 + 1);
    expect(lines.at(-1)).toMatch(/^Total,/);
  });

  it('is in the OpenAPI document, the CSV declared as text/csv', () => {
    type Op = { operationId?: string; responses?: Record<string, { content?: Record<string, unknown> }> };
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, Op>> } }).swagger();
    expect(doc.paths['/api/partner-center/revenue-at-risk']?.get?.operationId).toBe('getRevenueAtRisk');
    expect(Object.keys(doc.paths['/api/partner-center/revenue-at-risk.csv']?.get?.responses?.['200']?.content ?? {})).toContain('text/csv');
  });
});
