import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { todayIn } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { reportPath, type ReportPathQuery } from '../../../test/reports/report-path';
import { REPORT_EXPORT_QUEUE } from './report-export.job';
import { createJobQueue } from '../../lib/jobs/job-queue';
import pino from 'pino';
import { homeSummary } from './home-summary';
import { createReportsService } from './reports.service';
import { reportsRepo } from './reports.repo';

let t: TestApp;
let multi: string;
let single: string;
const noon = (d: string) => Date.parse(`${d}T12:00:00Z`);
/**
 * The facts sit on 1-2 October (and 1 September) of the latest year whose 3 October has come, so
 * the report calls stay inside the 13 months of history every plan keeps whatever the real date,
 * while the figures keep their calendar: a month to date from the 1st, a 30-day September before.
 */
const today = todayIn('UTC', new Date());
const YEAR = Number(today.slice(0, 4)) - (today.slice(5) >= '10-03' ? 0 : 1);

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  // 1001 (Northwind News): site 5001 with two days; 1002 for the cross-publisher check.
  await t.built.engine.ingest({
    reportType: 'revenue',
    requests: [
      { date: `${YEAR}-10-01`, publisherId: '1001', siteId: '5001', productType: 'Display', impRequests: 1000 },
      { date: `${YEAR}-10-02`, publisherId: '1001', siteId: '5001', productType: 'Display', impRequests: 3000 },
      { date: `${YEAR}-10-01`, publisherId: '1002', siteId: '5101', productType: 'Display', impRequests: 777 },
    ],
    sales: [
      {
        date: `${YEAR}-10-01`,
        publisherId: '1001',
        siteId: '5001',
        productType: 'Display',
        size: '300x250',
        brand: '=HYPERLINK("http://evil.example","x")',
        dealName: '',
        dealId: '',
        impressions: 500,
        revenue: 2.5,
        netRevenue: 2,
      },
      {
        date: `${YEAR}-10-02`,
        publisherId: '1001',
        siteId: '5001',
        productType: 'Display',
        size: '300x250',
        brand: 'Acme',
        dealName: '',
        dealId: '',
        impressions: 1500,
        revenue: 7.5,
        netRevenue: 6,
      },
      {
        date: `${YEAR}-10-01`,
        publisherId: '1002',
        siteId: '5101',
        productType: 'Display',
        size: '300x250',
        brand: 'Acme',
        dealName: '',
        dealId: '',
        impressions: 700,
        revenue: 70,
        netRevenue: 60,
      },
    ],
  });
});
afterAll(async () => t.close());

const base = {
  reportType: 'revenue',
  publisherId: '1001',
  dateFrom: noon(`${YEAR}-10-01`),
  dateTo: noon(`${YEAR}-10-02`),
  dimensions: 'sites',
  metrics: 'impRequests,impressions,revenue,fillRate,eCpm,cpm',
  interval: 'Cumulative',
};
const get = (token: string, params: ReportPathQuery, publisher = String(params.publisherId)) =>
  t.app.inject({ method: 'GET', url: reportPath(params), headers: bearer(token, publisher) });
const list = async (token: string, publisherId = '1001') =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/partner-center/reports?publisherId=${publisherId}`,
      headers: bearer(token, publisherId),
    })
  ).json();

describe('report call', () => {
  it('answers rows, totals and currency for the chosen publisher', async () => {
    const r = await get(multi, base);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.currency).toBe('USD');
    expect(body.rowLimit).toBe(500);
    expect(body.totalRows).toBe(1);
    // 4000 requests, 2000 impressions, 10.0 revenue: fill 0.5, eCPM 10/4000*1000 = 2.5, CPM 10/2000*1000 = 5.
    expect(body.totals).toMatchObject({ impRequests: 4000, impressions: 2000, revenue: 10, fillRate: 0.5, eCpm: 2.5, cpm: 5 });
    expect(body.rows[0].sites).toBe('Northwind News');
  });

  it("another publisher's report is 403", async () => {
    expect((await get(multi, { ...base, publisherId: '1002' })).statusCode).toBe(403);
    expect((await get(single, base, '1002')).statusCode).toBe(403);
    expect((await get(single, base)).statusCode).toBe(403);
  });

  it.each([
    [{ dimensions: 'sites,widget' }, 'dimensions', /Unknown dimension/],
    [{ metrics: 'impressions,organicClicks' }, 'metrics', /Unknown metric/],
    [{ metrics: '' }, 'metrics', /at least one metric/],
    [{ dateFrom: noon(`${YEAR}-10-05`), dateTo: noon(`${YEAR}-10-01`) }, 'dateTo', /before the start date/],
    [{ dateFrom: noon(`${YEAR - 2}-01-01`), dateTo: noon(`${YEAR}-10-01`) }, 'dateFrom', /at most 400 days/],
    [{ interval: 'Week' }, 'interval', /Day, Month or Cumulative/],
    [{ sort: 'brand' }, 'sort', /Sort by a column/],
    [{ filters: 'brand=Acme' }, 'filters', /JSON list/],
    [{ filters: JSON.stringify([{ dimension: 'widget', mode: 'include', values: ['x'] }]) }, 'filters', /Unknown dimension to filter/],
    [{ filters: JSON.stringify([{ dimension: 'brand', mode: 'keep', values: ['x'] }]) }, 'filters', /include|exclude|Invalid/],
  ])('%j is 400 with fields.%s', async (change, field, message) => {
    const r = await get(multi, { ...base, ...change });
    expect(r.statusCode).toBe(400);
    expect(r.json().fields[field]).toMatch(message);
  });
});

describe('report filters', () => {
  it('filters by brand (include and exclude) with exact figures; request metrics then say why they are missing', async () => {
    const acme = await get(multi, {
      ...base,
      dimensions: 'sites',
      filters: JSON.stringify([{ dimension: 'brand', mode: 'include', values: ['Acme'] }]),
    });
    expect(acme.statusCode).toBe(200);
    // Only the 2 Oct sale is Acme: 1500 impressions, 7.5 revenue -> CPM 5.
    expect(acme.json().totals).toMatchObject({ impressions: 1500, revenue: 7.5, cpm: 5, impRequests: null });
    expect(acme.json().unavailableMetrics.impRequests).toMatch(/filtered by Brand/);
    const notAcme = await get(multi, {
      ...base,
      metrics: 'impressions,revenue',
      filters: JSON.stringify([{ dimension: 'brand', mode: 'exclude', values: ['Acme'] }]),
    });
    expect(notAcme.json().totals).toEqual({ impressions: 500, revenue: 2.5 });
  });

  it('a site filter keeps request metrics', async () => {
    const r = await get(multi, { ...base, filters: JSON.stringify([{ dimension: 'sites', mode: 'exclude', values: ['5001'] }]) });
    expect(r.statusCode).toBe(200);
    expect(r.json().totalRows).toBe(0);
    const kept = await get(multi, { ...base, filters: JSON.stringify([{ dimension: 'sites', mode: 'include', values: ['5001'] }]) });
    expect(kept.json().totals).toMatchObject({ impRequests: 4000, impressions: 2000, fillRate: 0.5 });
  });
});

describe('exports', () => {
  it('queued -> done -> listed isNew -> downloaded -> not new', async () => {
    const created = await get(multi, { ...base, dimensions: 'brand', metrics: 'impressions,revenue', exportReportToFile: 'true' });
    expect(created.statusCode).toBe(202);
    const { reportId } = created.json();
    expect((await list(multi)).find((x: { id: string }) => x.id === reportId)).toMatchObject({
      type: 'revenue',
      status: 'queued',
      isNew: false,
    });
    // Not downloadable before it is done.
    expect((await get(multi, { ...base, reportId, exportReportToFile: 'true' })).statusCode).toBe(409);
    await t.built.workers.reportExports.drain();
    expect((await list(multi)).find((x: { id: string }) => x.id === reportId)).toMatchObject({ status: 'done', isNew: true });
    const file = await get(multi, { ...base, reportId, exportReportToFile: 'true' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`attachment; filename="revenue-report-${YEAR}-10-01-to-${YEAR}-10-02.csv"`);
    const lines = file.body.trim().split('\r\n');
    // Nothing is finalized for these days: a Cumulative export says every row holds estimates.
    expect(lines[0]).toBe('Brand,Impressions,Revenue (USD),Estimated');
    expect(lines[1]).toMatch(/,Yes$/);
    // CSV injection: a text cell starting with = is neutralised with a leading quote.
    expect(file.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines.at(-1)).toMatch(/^Total,2000,10(\.0+)?,$/);
    expect((await list(multi)).find((x: { id: string }) => x.id === reportId).isNew).toBe(false);
  });

  it('a small report downloads at once, the same file as the job makes, with no job (item 9)', async () => {
    const before = (await list(multi)).length;
    const params = { ...base, dimensions: 'brand', metrics: 'impressions,revenue' };
    const url = reportPath(params, 'download');
    const file = await t.app.inject({ method: 'GET', url, headers: bearer(multi, '1001') });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    expect(file.headers['content-disposition']).toContain(`attachment; filename="revenue-report-${YEAR}-10-01-to-${YEAR}-10-02.csv"`);
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe('Brand,Impressions,Revenue (USD),Estimated');
    expect(file.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines.at(-1)).toMatch(/^Total,2000,10(\.0+)?,$/);
    expect((await list(multi)).length).toBe(before);
    const xlsx = await t.app.inject({ method: 'GET', url: `${url}&format=xlsx`, headers: bearer(multi, '1001') });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Another publisher's report is 403; a bad request is 400 with fields.
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(single, '1002') })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: `${url}&interval=Week`, headers: bearer(multi, '1001') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.interval).toBeDefined();
  });

  it('a report over the direct-download cap is 413 and says to export it instead', async () => {
    const small = await createTestApp({ REPORT_DIRECT_DOWNLOAD_MAX_ROWS: '1' });
    try {
      await small.built.engine.ingest({
        reportType: 'revenue',
        requests: [],
        sales: ['A', 'B'].map((brand) => ({
          date: `${YEAR}-10-01`,
          publisherId: '1001',
          siteId: '5001',
          productType: 'Display',
          size: '300x250',
          brand,
          dealName: '',
          dealId: '',
          impressions: 1,
          revenue: 1,
          netRevenue: 1,
        })),
      });
      const token = (await signIn(small.app, DEMO.multi)).idToken;
      const params = { ...base, dimensions: 'brand', metrics: 'impressions' };
      const r = await small.app.inject({
        method: 'GET',
        url: reportPath(params, 'download'),
        headers: bearer(token, '1001'),
      });
      expect(r.statusCode).toBe(413);
      expect(r.json().message).toMatch(/2 rows; up to 1 download at once\. Export it to a file/);
    } finally {
      await small.close();
    }
  });

  it("another user cannot download someone else's export", async () => {
    const created = (await get(multi, { ...base, exportReportToFile: 'true' })).json();
    await t.built.workers.reportExports.drain();
    const staff = (await signIn(t.app, DEMO.staff)).idToken;
    expect((await get(staff, { ...base, reportId: created.reportId, exportReportToFile: 'true' })).statusCode).toBe(404);
  });

  it('a job killed mid-run resumes and still leaves exactly one file', async () => {
    const { reportId } = (
      await get(multi, { ...base, dimensions: 'size', metrics: 'impressions', exportReportToFile: 'true', format: 'xlsx' })
    ).json();
    // A worker claims the job, writes part of a file, and dies (no finish, no lease renewal).
    const queue = createJobQueue(t.db, pino({ level: 'silent' }));
    const claimed = await queue.claim(REPORT_EXPORT_QUEUE, 60_000);
    expect(claimed).not.toBeNull();
    const dir = path.join(t.config.DATA_DIR, 'exports', '1001');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${reportId}.xlsx.${claimed!.id}.1.part`), 'half a file');
    // Its lease runs out; the next worker takes the job over.
    await t.db
      .updateTable('jobs')
      .set({ locked_until: new Date(Date.now() - 1) })
      .where('id', '=', claimed!.id)
      .execute();
    await t.built.workers.reportExports.drain();
    const files = readdirSync(dir).filter((f) => f.startsWith(reportId));
    expect(files).toEqual([`${reportId}.xlsx`]);
    expect(readFileSync(path.join(dir, files[0]!)).subarray(0, 2).toString()).toBe('PK');
    const job = await t.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', claimed!.id).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'done', attempts: 2 });
  });

  it('emailReportOutput e-mails the file to the user', async () => {
    const r = await get(multi, { ...base, emailReportOutput: 'true' });
    expect(r.statusCode).toBe(202);
    await t.built.workers.reportExports.drain();
    const mail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', DEMO.multi)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Your Revenue Summary report for Northwind News (Oct 1, ${YEAR} to Oct 2, ${YEAR})`);
    expect(mail.attachments).toEqual([`revenue-${YEAR}-10-01-${YEAR}-10-02.csv`]);
    // A revenue report says what changed against the same number of days before, as the web words it.
    expect(mail.text_body).toMatch(new RegExp(`\\n\\nWhat changed against Sep 29, ${YEAR} to Sep 30, ${YEAR}: Revenue[ :]`));
  });

  it('e-mails a link to the reports page instead of a file too large to attach (item 7)', async () => {
    const tiny = await createTestApp({ REPORT_ATTACHMENT_MAX_MB: '0' });
    try {
      const token = (await signIn(tiny.app, DEMO.multi)).idToken;
      const r = await tiny.app.inject({
        method: 'GET',
        url: reportPath({ ...base, emailReportOutput: 'true' }),
        headers: bearer(token, '1001'),
      });
      expect(r.statusCode).toBe(202);
      await tiny.built.workers.reportExports.drain();
      // The app's own worker may have claimed the job already: wait for its mail.
      const outbox = () => tiny.db.selectFrom('outbox').selectAll().where('to_address', '=', DEMO.multi).execute();
      await expect.poll(async () => (await outbox()).length, { timeout: 15_000 }).toBe(1);
      const [mail] = await outbox();
      expect(mail!.subject).toBe(`Your Revenue Summary report for Northwind News (Oct 1, ${YEAR} to Oct 2, ${YEAR})`);
      expect(mail!.attachments).toBeNull();
      expect(mail!.text_body).toMatch(
        new RegExp(
          `, Oct 1, ${YEAR} to Oct 2, ${YEAR}, is ready \\(\\d+ rows\\)\\. It is too large to attach: download it from https?://\\S+\\?tab=tab_1\\n`,
        ),
      );
    } finally {
      await tiny.close();
    }
  });
});

describe('home summary', () => {
  it('yesterday, month to date vs the same days last month, and 30 days of revenue', async () => {
    await t.built.engine.ingest({
      reportType: 'revenue',
      requests: [{ date: `${YEAR}-09-01`, publisherId: '1001', siteId: '5001', productType: 'Display', impRequests: 100 }],
      sales: [
        {
          date: `${YEAR}-09-01`,
          publisherId: '1001',
          siteId: '5001',
          productType: 'Display',
          size: '300x250',
          brand: 'Acme',
          dealName: '',
          dealId: '',
          impressions: 100,
          revenue: 4,
          netRevenue: 3,
        },
      ],
    });
    const s = await homeSummary(t.built.engine, '1001', `${YEAR}-10-03`);
    // Yesterday 2 Oct: 7.5 revenue over 3000 requests -> eCPM 2.5.
    expect(s.yesterday).toEqual({ date: `${YEAR}-10-02`, revenue: 7.5, eCpm: 2.5, impressions: 1500 });
    // 1-2 Oct: 2.5 + 7.5 = 10 against 1-2 Sep: 4 -> +150 %.
    expect(s.monthToDate).toMatchObject({
      from: `${YEAR}-10-01`,
      to: `${YEAR}-10-02`,
      revenue: 10,
      previous: { from: `${YEAR}-09-01`, to: `${YEAR}-09-02`, revenue: 4 },
    });
    expect(s.monthToDate.changeRatio).toBeCloseTo(1.5);
    expect(s.monthToDate.change).toEqual({ kind: 'change', ratio: 1.5 });
    // 30 days back from 2 Oct starts on 3 Sep, so the 1 Sep sale is outside the chart.
    expect(s.last30Days.map((d) => [d.date, d.revenue])).toEqual([
      [`${YEAR}-10-01`, 2.5],
      [`${YEAR}-10-02`, 7.5],
    ]);
  });

  it("takes today in the publisher's reporting time zone, not UTC (item 1)", async () => {
    // 2 Oct 11:00 UTC is already 3 Oct in Kiritimati (UTC+14) and still 2 Oct in Honolulu (UTC-10).
    const at = new Date(`${YEAR}-10-02T11:00:00Z`);
    const service = createReportsService({
      db: t.db,
      repo: reportsRepo(t.db),
      engine: t.built.engine,
      jobs: createJobQueue(t.db, pino({ level: 'silent' })),
      now: () => at,
    });
    const put = (timeZone: string) =>
      t.app.inject({ method: 'PUT', url: '/api/partner-center/report-settings', headers: bearer(multi, '1001'), payload: { timeZone } });
    expect((await service.homeSummary('1001')).yesterday).toMatchObject({ date: `${YEAR}-10-01`, revenue: 2.5 });
    expect((await put('Pacific/Kiritimati')).statusCode).toBe(200);
    const east = await service.homeSummary('1001');
    expect(east).toMatchObject({ timeZone: 'Pacific/Kiritimati', today: `${YEAR}-10-03` });
    expect(east.yesterday).toMatchObject({ date: `${YEAR}-10-02`, revenue: 7.5 });
    expect((await put('Pacific/Honolulu')).statusCode).toBe(200);
    const west = await service.homeSummary('1001');
    expect(west).toMatchObject({ timeZone: 'Pacific/Honolulu', today: `${YEAR}-10-02` });
    expect(west.yesterday).toMatchObject({ date: `${YEAR}-10-01`, revenue: 2.5 });
    expect((await put('UTC')).statusCode).toBe(200);
  });

  it('is served to the chosen publisher only', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/partner-center/home-summary', headers: bearer(multi, '1001') });
    expect(r.statusCode).toBe(200);
    expect(r.json().currency).toBe('USD');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/partner-center/home-summary', headers: bearer(multi, '1002') })).statusCode,
    ).toBe(403);
  });
});
