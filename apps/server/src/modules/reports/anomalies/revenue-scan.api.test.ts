import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDays, type Incident, type IncidentDetail, type RevenueAnomaly } from '@pc/contracts';
import { DEMO, bearer, createTestApp, reportingKeyHeaders, signIn, type TestApp } from '../../../../test/test-app';
import { deliveredMails } from '../../../../test/delivered-mail';
import { recordedIngest } from '../../data-loads';
import type { RevenueSalesFact } from '../../../report-engine/report-engine';
import { reportingCalendarOf } from '../reporting-calendar';
import { demoFactsOptions } from '../../../demo/seed-demo-facts';
import { generateDemoFacts } from '../demo/demo-facts';
import { queueDueRevenueScans, queueRevenueScans, REVENUE_SCAN_QUEUE, SCAN_BATCH, type RevenueScanPayload } from './revenue-scan.job';

/**
 * The daily revenue scan end to end: facts in the report engine, a load that queues the scan, the
 * worker that judges yesterday, the revenue incident the publisher sees (with the report's
 * explanation), its e-mail, and its resolution once a re-loaded day is back in range.
 */
let t: TestApp;
let token: string;
let yesterday: string;
let sites: { id: string; name: string }[];

const PRODUCT_TYPES = ['Display', 'Video'] as const;
const WEEKLY = [0.8, 1, 1.05, 1.1, 1.05, 1, 0.85];

/** 120 days of steady revenue for 1001's sites (the first site small, a fifth of two), its last day scaled by `lastDay`. */
function sales(days: string[], lastDay: number): RevenueSalesFact[] {
  return days.flatMap((date, i) =>
    sites.flatMap((site, s) =>
      PRODUCT_TYPES.map((productType, p) => {
        const base = (s === 0 ? 25 : 100) * (p === 0 ? 1.5 : 1) * WEEKLY[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
        const revenue = base * (1 + 0.03 * Math.sin(i * 1.3 + s + p)) * (date === yesterday && s === 0 ? lastDay : 1);
        return {
          date,
          publisherId: '1001',
          siteId: site.id,
          productType,
          size: '300x250',
          brand: 'Acme',
          dealName: '',
          dealId: '',
          impressions: Math.round(revenue * 500),
          revenue: Math.round(revenue * 100) / 100,
          netRevenue: Math.round(revenue * 70) / 100,
        };
      }),
    ),
  );
}

const load = (facts: RevenueSalesFact[]) =>
  recordedIngest(t.db, { reportType: 'revenue', source: 'scan-test.ndjson', via: 'api' }, async () => {
    const summary = await t.built.engine.ingest({ reportType: 'revenue', requests: [], sales: facts });
    return { ...summary, errors: [], publisherIds: ['1001'] };
  });

const queuedScans = async () =>
  (
    await t.db.selectFrom('jobs').select('payload').where('queue', '=', REVENUE_SCAN_QUEUE).where('status', '=', 'queued').execute()
  ).flatMap((j) => (j.payload as RevenueScanPayload).publisherIds);

const revenueIncidents = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/incidents?type=revenue', headers: bearer(token, '1001') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Incident[]>();
};

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, DEMO.multi)).idToken;
  yesterday = shiftDays((await reportingCalendarOf(t.db, '1001', new Date())).today, -1);
  sites = await t.db.selectFrom('sites').select(['id', 'name']).where('publisher_id', '=', '1001').orderBy('id').execute();
  expect(sites.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => t.close());

describe('the daily revenue scan', () => {
  const days = () => Array.from({ length: 120 }, (_, i) => shiftDays(yesterday, i - 119));

  it('a revenue load queues a scan of its publishers; the hourly check queues those not judged since, in batches', async () => {
    const due = await queueDueRevenueScans(t.db);
    expect(due).toBeGreaterThan(1);
    const jobs = await t.db.selectFrom('jobs').select('payload').where('queue', '=', REVENUE_SCAN_QUEUE).execute();
    expect(jobs).toHaveLength(Math.ceil(due / SCAN_BATCH));
    expect((await queuedScans()).length).toBe(due);
    // Asked again before the scan ran: the same batch, not a second job.
    await queueDueRevenueScans(t.db);
    expect(await t.db.selectFrom('jobs').select('id').where('queue', '=', REVENUE_SCAN_QUEUE).execute()).toHaveLength(jobs.length);
    await t.db.deleteFrom('jobs').where('queue', '=', REVENUE_SCAN_QUEUE).execute();
    await load(sales(days(), 0.35));
    expect(await queuedScans()).toEqual(['1001']);
  });

  it('a site whose yesterday fell by two thirds opens one revenue incident, explained, mailed and shown to the publisher', async () => {
    while ((await t.built.workers.revenueScans.drain()) > 0);
    const [incident, ...others] = await revenueIncidents();
    expect(others).toEqual([]);
    expect(incident).toMatchObject({ type: 'revenue', status: 'open', severity: 'high', category: 'Revenue drop', siteId: sites[0]!.id });
    expect(incident!.title).toMatch(new RegExp(`^Revenue drop on ${sites[0]!.name}: −6\\d\\.\\d% against a usual \\w+day$`));

    const detail = await t.app.inject({ method: 'GET', url: `/api/incidents/${incident!.id}`, headers: bearer(token, '1001') });
    const occurrence = detail.json<IncidentDetail>().events.find((e) => e.kind === 'occurrence')!;
    expect(occurrence.detail).toMatchObject({ day: yesterday });
    // The report's own explanation of the day against the same weekday a week before.
    expect(String(occurrence.detail!.explanation)).toMatch(
      /^What changed against \w{3} \d+, \d{4}: Revenue −6\d\.\d% \(−\$[\d.,]+\): \w+ on /,
    );

    while ((await t.built.workers.incidentNotifications.drain()) > 0);
    const mail = deliveredMails(t.config.DATA_DIR).find((m) => m.subject === incident!.title);
    expect(mail?.text).toContain(String(occurrence.detail!.explanation));
    expect(mail?.text).toContain('against a usual');

    // The reporting API's view of it: the day, the usual revenue and why, readable with an API key.
    const key = await reportingKeyHeaders(t.app, token, '1001', 'Revenue alerts');
    const listed = await t.app.inject({ method: 'GET', url: '/api/partner-center/revenue-anomalies?status=open', headers: key });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<RevenueAnomaly[]>()).toEqual([
      expect.objectContaining({
        id: incident!.id,
        day: yesterday,
        revenue: expect.stringMatching(/^\$[\d,.]+$/),
        usualRevenue: expect.stringMatching(/^\$[\d,.]+$/),
        change: expect.stringMatching(/^−6\d\.\d%$/),
        explanation: occurrence.detail!.explanation,
      }),
    ]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/partner-center/revenue-anomalies?status=gone', headers: key });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toHaveProperty('status');

    // Judged once: the hourly check does not queue it again for the same day.
    await queueDueRevenueScans(t.db);
    expect(await queuedScans()).not.toContain('1001');
  });

  it('a corrected load puts the day back in range and resolves the incident with the reason', async () => {
    await load(sales([yesterday], 1));
    while ((await t.built.workers.revenueScans.drain()) > 0);
    const [incident] = await revenueIncidents();
    expect(incident).toMatchObject({ status: 'resolved' });
    const detail = await t.app.inject({ method: 'GET', url: `/api/incidents/${incident!.id}`, headers: bearer(token, '1001') });
    const resolved = detail.json<IncidentDetail>().events.filter((e) => e.kind === 'resolved');
    expect(resolved).toEqual([expect.objectContaining({ actor: null, note: expect.stringMatching(/is back in its usual range\.$/) })]);
  });

  it('another publisher sees none of it', async () => {
    const other = (await signIn(t.app, DEMO.multi)).idToken;
    const res = await t.app.inject({ method: 'GET', url: '/api/incidents?type=revenue', headers: bearer(other, '1003') });
    expect(res.statusCode).toBe(200);
    expect(res.json<Incident[]>()).toEqual([]);
    const api = await t.app.inject({ method: 'GET', url: '/api/partner-center/revenue-anomalies', headers: bearer(other, '1003') });
    expect(api.json<RevenueAnomaly[]>()).toEqual([]);
  });
});

describe('the demo', () => {
  it("finds the demo's one anomaly, Evergreen Travel's video sold at a third of its eCPM yesterday, and nothing else", async () => {
    const end = shiftDays((await reportingCalendarOf(t.db, '1003', new Date())).today, -1);
    const options = demoFactsOptions(end);
    await generateDemoFacts(t.built.engine, { ...options, months: 5, publishers: options.publishers.filter((p) => p.id === '1003') });
    await queueRevenueScans(t.db, ['1003']);
    while ((await t.built.workers.revenueScans.drain()) > 0);
    const res = await t.app.inject({ method: 'GET', url: '/api/incidents?type=revenue', headers: bearer(token, '1003') });
    const incidents = res.json<Incident[]>();
    expect(incidents.map((i) => [i.status, i.siteName])).toEqual([['open', 'Evergreen Travel']]);
    expect(incidents[0]!.title).toMatch(/^(Video revenue|Revenue) drop on Evergreen Travel: −\d+\.\d% against a usual \w+day$/);
    const detail = await t.app.inject({ method: 'GET', url: `/api/incidents/${incidents[0]!.id}`, headers: bearer(token, '1003') });
    const occurrence = detail.json<IncidentDetail>().events.find((e) => e.kind === 'occurrence')!;
    expect(String(occurrence.detail!.explanation)).toMatch(/: Video on Evergreen Travel, eCPM −6\d\.\d%$/);
  });
});
