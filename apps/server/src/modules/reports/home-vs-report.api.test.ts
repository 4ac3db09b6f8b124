import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { dayToEpochNoon, resolvePeriods, shiftDays, shiftMonths, todayIn, type HomeSummary, type ReportResult } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { demoFactsOptions } from '../../demo/seed-demo-facts';
import { createJobQueue } from '../../lib/jobs/job-queue';
import { generateDemoFacts } from './demo/demo-facts';
import { createReportsService } from './reports.service';
import { reportsRepo } from './reports.repo';

/**
 * One calendar: the home page's month to date and the report's "This month" compared with the
 * previous period are the same days, the same figure and the same change, for a demo publisher
 * with the demo's generated facts (four months ending yesterday).
 */
let t: TestApp;
let multi: string;
const today = todayIn('UTC', new Date());

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  const options = demoFactsOptions(shiftDays(today, -1));
  await generateDemoFacts(t.built.engine, { ...options, months: 4, publishers: options.publishers.filter((p) => p.id === '1001') });
});
afterAll(async () => t.close());

const thisMonthCall = (s: Pick<HomeSummary, 'monthToDate'>) =>
  new URLSearchParams({
    reportType: 'revenue',
    publisherId: '1001',
    dateFrom: String(dayToEpochNoon(s.monthToDate.from)),
    dateTo: String(dayToEpochNoon(s.monthToDate.to)),
    metrics: 'revenue,impressions',
    interval: 'Day',
    preset: 'thisMonth',
    compare: 'previous',
  }).toString();

const cents = (money: number | null | undefined) => Math.round((money ?? Number.NaN) * 100);
const ratioOf = (change: HomeSummary['monthToDate']['change']) => (change.kind === 'change' ? change.ratio : Number.NaN);

describe('home month to date = the report\'s "This month" with its comparison', () => {
  it('through the API: same days, same revenue, same compared days and revenue, same change', async () => {
    const headers = bearer(multi, '1001');
    const home = await t.app.inject({ method: 'GET', url: '/api/partner-center/home-summary', headers });
    expect(home.statusCode, home.body).toBe(200);
    const s = home.json<HomeSummary>();
    const { range, compared } = resolvePeriods({ preset: 'thisMonth' }, s.today);
    expect({ from: s.monthToDate.from, to: s.monthToDate.to }).toEqual(range);
    expect({ from: s.monthToDate.previous.from, to: s.monthToDate.previous.to }).toEqual(compared);
    // The same days of the previous month: 1-27 Nov against 1-27 Oct, not the 27 days before the 1st.
    expect(compared.from).toBe(shiftMonths(range.from, -1));

    const res = await t.app.inject({ method: 'GET', url: `/api/partner-center/report?${thisMonthCall(s)}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ReportResult>();
    // The same money to the cent, as both pages show it: DuckDB sums doubles in parallel, in no
    // fixed order, so two statements over the same rows may differ in the last bits.
    expect(cents(report.totals.revenue)).toBe(cents(s.monthToDate.revenue));
    expect(report.comparison).toMatchObject({ from: compared.from, to: compared.to });
    expect(cents(report.comparison?.totals.revenue)).toBe(cents(s.monthToDate.previous.revenue));
    const reportChange = report.comparison?.changes.revenue;
    expect(reportChange?.kind).toBe(s.monthToDate.change.kind);
    if (reportChange?.kind === 'change') expect(reportChange.ratio).toBeCloseTo(ratioOf(s.monthToDate.change), 12);
    // On the 1st the month is today only: a partial day, not compared (still the same on both).
    if (s.today.endsWith('-01')) expect(s.monthToDate.change).toEqual({ kind: 'partialDay' });
    else expect(ratioOf(s.monthToDate.change)).toBeCloseTo(s.monthToDate.revenue / s.monthToDate.previous.revenue - 1, 12);
  });

  it('on a fixed day (the 16th of last month): a percentage, equal on both, of 1-15 against 1-15 of the month before', async () => {
    const day = `${shiftMonths(today, -1).slice(0, 7)}-16`;
    const service = createReportsService({
      db: t.db,
      repo: reportsRepo(t.db),
      engine: t.built.engine,
      jobs: createJobQueue(t.db, pino({ level: 'silent' })),
      now: () => new Date(`${day}T12:00:00Z`),
    });
    const s = await service.homeSummary('1001');
    expect(s.today).toBe(day);
    expect(s.monthToDate).toMatchObject({ from: `${day.slice(0, 7)}-01`, to: `${day.slice(0, 7)}-15` });
    const before = `${shiftMonths(day, -1).slice(0, 7)}`;
    expect(s.monthToDate.previous).toMatchObject({ from: `${before}-01`, to: `${before}-15` });
    expect(s.monthToDate.revenue).toBeGreaterThan(0);
    expect(ratioOf(s.monthToDate.change)).toBeCloseTo(s.monthToDate.revenue / s.monthToDate.previous.revenue - 1, 12);
    expect(s.monthToDate.changeRatio).toBe(ratioOf(s.monthToDate.change));

    const report = await service.run(
      { uid: 'u', publisherId: '1001' },
      {
        reportType: 'revenue',
        publisherId: '1001',
        dateFrom: dayToEpochNoon(s.monthToDate.from),
        dateTo: dayToEpochNoon(s.monthToDate.to),
        metrics: 'revenue',
        interval: 'Cumulative',
        preset: 'thisMonth',
        compare: 'previous',
      },
    );
    expect(report.totals.revenue).toBe(s.monthToDate.revenue);
    expect(report.comparison?.totals.revenue).toBe(s.monthToDate.previous.revenue);
    expect(report.comparison?.changes.revenue).toEqual(s.monthToDate.change);
  });

  it('refuses a custom comparison without its days, with fields', async () => {
    const params = new URLSearchParams(
      thisMonthCall({ monthToDate: { from: shiftDays(today, -3), to: shiftDays(today, -1) } } as HomeSummary),
    );
    params.set('compare', 'custom');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/partner-center/report?${params.toString()}`,
      headers: bearer(multi, '1001'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('compareFrom');
    params.set('compareFrom', String(dayToEpochNoon('2026-02-10')));
    params.set('compareTo', String(dayToEpochNoon('2026-02-01')));
    const reversed = await t.app.inject({
      method: 'GET',
      url: `/api/partner-center/report?${params.toString()}`,
      headers: bearer(multi, '1001'),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toHaveProperty('compareTo');
  });
});
