import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dayToEpochNoon,
  formatDay,
  resolvePeriods,
  shiftDays,
  shiftMonths,
  todayIn,
  type ReportResult,
  type RevenueChange,
} from '@pc/contracts';
import { DEMO, bearer, createTestApp, reportingKeyHeaders, signIn, type TestApp } from '../../../../test/test-app';
import { demoFactsOptions } from '../../../demo/seed-demo-facts';
import { generateDemoFacts } from '../demo/demo-facts';
import { revenueChangeLine } from './revenue-change-mail';

/**
 * "What changed" through the API, on the demo's generated facts for Northwind (1001, four months
 * ending yesterday): the totals are the report's, and every split adds up to the change to the cent.
 */
let t: TestApp;
let multi: string;
const today = todayIn('UTC', new Date());
const yesterday = shiftDays(today, -1);

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  const options = demoFactsOptions(yesterday);
  await generateDemoFacts(t.built.engine, { ...options, months: 4, publishers: options.publishers.filter((p) => p.id === '1001') });
});
afterAll(async () => t.close());

const get = (query: Record<string, string>, headers = bearer(multi, '1001')) =>
  t.app.inject({ method: 'GET', url: `/api/partner-center/revenue-change?${new URLSearchParams(query).toString()}`, headers });

const cents = (money: number) => Math.round(money * 100);
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('what changed', () => {
  it('explains the last week against the week before: the report totals, and every split sums to the change to the cent', async () => {
    const from = shiftDays(yesterday, -6);
    const res = await get({ from, to: yesterday });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RevenueChange>();
    expect(body.compared).toEqual({ from: shiftDays(from, -7), to: shiftDays(from, -1) });

    const report = await t.app.inject({
      method: 'GET',
      url: `/api/partner-center/report?${new URLSearchParams({
        reportType: 'revenue',
        publisherId: '1001',
        dateFrom: String(dayToEpochNoon(from)),
        dateTo: String(dayToEpochNoon(yesterday)),
        metrics: 'revenue,impressions',
        interval: 'Cumulative',
      }).toString()}`,
      headers: bearer(multi, '1001'),
    });
    expect(report.json<ReportResult>().totals.revenue).toBe(body.revenue.current);

    if (body.explanation.kind !== 'explained') throw new Error(`not explained: ${body.explanation.kind}`);
    const { total, dimensions, headline } = body.explanation;
    expect(total.changeCents).toBe(cents(body.revenue.current) - cents(body.revenue.previous));
    expect(total.changeCents).not.toBe(0);
    expect(total.volumeCents + total.priceCents).toBe(total.changeCents);
    expect(dimensions.map((d) => d.dimension)).toEqual(['sites', 'product_type', 'size', 'brand']);
    for (const d of dimensions) {
      expect(sum(d.movers.map((m) => m.changeCents)) + d.rest.changeCents, d.dimension).toBe(total.changeCents);
      expect(d.rateCents + d.mixCents, d.dimension).toBe(total.priceCents);
      for (const m of d.movers) expect(m.volumeCents + m.priceCents).toBe(m.changeCents);
      expect(d.movers.length).toBeGreaterThan(0);
    }
    expect(headline).not.toBeNull();
    expect(Math.sign(headline!.changeCents)).toBe(Math.sign(total.changeCents));
    expect(headline!.value).toBe(`${headline!.productType} on ${headline!.site}`);
  });

  it('compares a "to date" preset with the same days of the previous period, as the report and the home page do', async () => {
    const { range, compared } = resolvePeriods({ preset: 'thisMonth', compare: 'previous' }, today);
    const res = await get({ from: range.from, to: range.to, preset: 'thisMonth' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RevenueChange>().compared).toEqual(compared);
    expect(compared.from).toBe(shiftMonths(range.from, -1));
  });

  it("explains what the report shows: with the report's filters, only the kept sites", async () => {
    const filters = JSON.stringify([{ dimension: 'sites', mode: 'include', values: ['5001'] }]);
    const res = await get({ from: shiftDays(yesterday, -6), to: yesterday, filters });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RevenueChange>();
    const all = (await get({ from: shiftDays(yesterday, -6), to: yesterday })).json<RevenueChange>();
    expect(body.revenue.current).toBeGreaterThan(0);
    expect(body.revenue.current).toBeLessThan(all.revenue.current);
    if (body.explanation.kind !== 'explained') throw new Error(body.explanation.kind);
    const sites = body.explanation.dimensions.find((d) => d.dimension === 'sites')!;
    expect(sites.movers.map((m) => m.value)).toEqual(['Northwind News']);
    expect((await get({ from: yesterday, to: yesterday, filters: '[{"dimension":"widget"}]' })).statusCode).toBe(400);
  });

  it('says a range that includes today is not compared, rather than explaining a partial day', async () => {
    const res = await get({ from: shiftDays(today, -2), to: today });
    expect(res.statusCode).toBe(200);
    expect(res.json<RevenueChange>().explanation).toEqual({ kind: 'partialDay' });
    expect(res.json<RevenueChange>().ratio).toBeNull();
  });

  it('says the compared period has no data rather than explaining noise', async () => {
    const res = await get({ from: shiftDays(yesterday, -6), to: yesterday, compare: 'yearAgo' });
    expect(res.statusCode).toBe(200);
    expect(res.json<RevenueChange>().explanation).toEqual({ kind: 'noData' });
  });

  it('says the compared period is partial when the facts start inside it', async () => {
    const firstDay = shiftDays(yesterday, -200);
    const res = await get({
      from: shiftDays(yesterday, -6),
      to: yesterday,
      compare: 'custom',
      compareFrom: firstDay,
      compareTo: shiftDays(yesterday, -7),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<RevenueChange>().explanation).toEqual({ kind: 'partialData' });
  });

  it('refuses bad input with the fields to fix', async () => {
    const backwards = await get({ from: yesterday, to: shiftDays(yesterday, -3) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toHaveProperty('to');
    const custom = await get({ from: yesterday, to: yesterday, compare: 'custom' });
    expect(custom.statusCode).toBe(400);
    expect(Object.keys(custom.json().fields)).toEqual(expect.arrayContaining(['compareFrom', 'compareTo']));
    expect((await get({ from: 'yesterday', to: yesterday })).statusCode).toBe(400);
  });

  it("refuses another publisher's revenue and a start before the plan's history", async () => {
    const single = (await signIn(t.app, DEMO.single)).idToken;
    expect((await get({ from: yesterday, to: yesterday }, bearer(single, '1001'))).statusCode).toBe(403);
    const old = await get({ from: shiftDays(today, -800), to: yesterday });
    expect(old.statusCode).toBe(403);
    expect(old.json().fields).toHaveProperty('dateFrom');
  });

  it('gives an e-mailed revenue report its line, worded as the web words it; none for other reports', async () => {
    const line = revenueChangeLine({ db: t.db, engine: t.built.engine });
    const request = {
      publisherId: '1001',
      dateFrom: shiftDays(yesterday, -6),
      dateTo: yesterday,
      dimensions: [],
      metrics: ['revenue' as const],
      interval: 'Day' as const,
    };
    const text = await line({ ...request, reportType: 'revenue' });
    const compared = { from: shiftDays(yesterday, -13), to: shiftDays(yesterday, -7) };
    expect(text).toContain(`What changed against ${formatDay(compared.from)} to ${formatDay(compared.to)}: Revenue `);
    // A change that rounds to 0.0% has no sign (the demo's generated days can give one: +$0.87).
    const pct = String.raw`(?:[+−]\d+\.\d|0\.0)%`;
    const revenue = String.raw`: Revenue ${pct} \([+−]\$[\d,]+\.\d\d\): `;
    expect(text).toMatch(new RegExp(String.raw`${revenue}\S.* on \S.*, (eCPM|impressions) ${pct}$|${revenue}.* on .*, (new|no revenue)$`));
    expect(await line({ ...request, reportType: 'recirculation', metrics: ['organicPageViews'] })).toBeNull();
  });

  it('is readable with a reporting API key', async () => {
    const res = await get({ from: yesterday, to: yesterday }, await reportingKeyHeaders(t.app, multi, '1001'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RevenueChange>().range).toEqual({ from: yesterday, to: yesterday });
  });
});
