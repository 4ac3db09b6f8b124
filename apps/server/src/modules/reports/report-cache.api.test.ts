import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shiftMonths, todayIn } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { createChangeNotifications, type ChangeNotifications } from '../../db/change-notifications';
import { openDatabase, type DatabaseHandle } from '../../db/pool';
import { recordedIngestFile } from '../data-loads';
import { createJobQueue } from '../../lib/jobs/job-queue';
import { REPORTS_TOPIC, createReportCache, notifyReportsChanged } from '../../platform/report-cache';
import { withReportCache } from '../../platform/cached-report-engine';
import type { ReportResult } from '../../report-engine/report-engine';
import { createReportsService } from './reports.service';
import { reportsRepo } from './reports.repo';

// A repeated report is answered from a per-process cache, and a change made by another
// process (an ingest, a finalization) reaches every process's cache through NOTIFY on commit.
let t: TestApp;
let token: string;
let dir: string;
/** "Another process": its own connection pool (the CLI's ingest runs like this). */
let other: DatabaseHandle;
const listeners: ChangeNotifications[] = [];
/** A listener of this process like the app's own: an ingest's notification has arrived once it has. */
let ingestSeen: ChangeNotifications;
const log = pino({ level: 'silent' });
const HEADER = 'kind,date,publisher_id,site_id,product_type,size,brand,deal_name,deal_id,imp_requests,impressions,revenue,net_revenue';
// The 20th of last month: inside the 13 months of report history every plan keeps, whatever the date.
const DAY = `${shiftMonths(todayIn('UTC', new Date()), -1).slice(0, 7)}-20`;
const noon = (d: string) => Date.parse(`${d}T12:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, DEMO.multi)).idToken;
  dir = await mkdtemp(join(tmpdir(), 'pc-report-cache-'));
  other = openDatabase(t.databaseUrl, log, 2);
  ingestSeen = createChangeNotifications({ databaseUrl: t.databaseUrl, log });
  listeners.push(ingestSeen);
  for (let i = 0; i < 200 && !ingestSeen.listening(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(ingestSeen.listening()).toBe(true);
});
afterAll(async () => {
  for (const l of listeners) await l.close();
  await other.close();
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

/** Resolves when `changes` delivers a change of 1001's reports (or of everything). */
function reportsChanged(changes: ChangeNotifications): Promise<void> {
  return new Promise((resolve) => {
    const stop = changes.subscribe(REPORTS_TOPIC, (id) => {
      if (id !== null && id !== '1001') return;
      stop();
      resolve();
    });
  });
}

/**
 * Replaces 1001's DAY with one sale of `impressions`, through the recorded ingest on `db`, and
 * waits until its notification has reached this process (`seen`, else the listener standing in
 * for the app's): a notification still on its way would drop a cache entry in the middle of the
 * test's next steps, which then count a second query where the cache did answer.
 */
async function ingestDay(impressions: number, seen: ChangeNotifications = ingestSeen) {
  const arrived = reportsChanged(seen);
  const file = join(dir, `revenue-${impressions}.csv`);
  await writeFile(file, [HEADER, `sales,${DAY},1001,5001,Display,300x250,Acme,,,,${impressions},2.50,2.00`].join('\n'));
  expect(await recordedIngestFile(other.db, t.built.engine, 'revenue', file)).toMatchObject({ rowsApplied: 1, errors: [] });
  await arrived;
  // The app's own listener reads the same notification on its own connection in this process.
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const report = async (dateTo = DAY) => {
  const params = new URLSearchParams({
    reportType: 'revenue',
    publisherId: '1001',
    dateFrom: String(noon(DAY)),
    dateTo: String(noon(dateTo)),
    dimensions: 'brand',
    metrics: 'impressions,revenue',
    interval: 'Day',
  });
  const r = await t.app.inject({ method: 'GET', url: `/api/partner-center/report?${params}`, headers: bearer(token, '1001') });
  expect(r.statusCode).toBe(200);
  return r.json<ReportResult>();
};

describe('report cache', () => {
  it('answers a repeated report without querying the engine again, and shows an ingest made by another process', async () => {
    await ingestDay(400);
    const query = vi.spyOn(t.built.engine, 'query');
    try {
      expect((await report()).totals.impressions).toBe(400);
      expect((await report()).totals.impressions).toBe(400);
      expect(query).toHaveBeenCalledTimes(1);
      // Another range is another entry.
      await report(addDay(DAY));
      expect(query).toHaveBeenCalledTimes(2);

      // The other process replaces the day; its NOTIFY drops this process's entries for 1001.
      await ingestDay(900);
      await expect.poll(async () => (await report()).totals.impressions, { timeout: 10_000 }).toBe(900);
      const calls = query.mock.calls.length;
      expect((await report()).totals.impressions).toBe(900);
      expect(query).toHaveBeenCalledTimes(calls);
    } finally {
      query.mockRestore();
    }
  });

  it("reaches every process's cache: a notification from a third connection drops that publisher's entries in both", async () => {
    const caches = [0, 1].map(() => {
      const changes = createChangeNotifications({ databaseUrl: t.databaseUrl, log });
      listeners.push(changes);
      return { changes, cache: createReportCache({ changes }) };
    });
    await expect.poll(() => caches.every((c) => c.changes.listening()), { timeout: 10_000 }).toBe(true);
    const answer: ReportResult = { columns: [], rows: [], totalRows: 0, totals: {}, unavailableMetrics: {} };
    const q = (publisherId: string) => ({
      reportType: 'revenue' as const,
      publisherId,
      dateFrom: DAY,
      dateTo: DAY,
      dimensions: [],
      metrics: ['impressions' as const],
      interval: 'Day' as const,
    });
    for (const { cache } of caches) {
      await cache.get(q('1001'), () => Promise.resolve(answer));
      await cache.get(q('1002'), () => Promise.resolve(answer));
      expect(cache.size).toBe(2);
    }
    await notifyReportsChanged(other.db, ['1001']);
    await expect.poll(() => caches.map((c) => c.cache.size), { timeout: 10_000 }).toEqual([1, 1]);
    // 1002's entries stay: a hit, not a new computation.
    for (const { cache } of caches) {
      const compute = vi.fn(() => Promise.resolve(answer));
      await cache.get(q('1002'), compute);
      expect(compute).not.toHaveBeenCalled();
    }
  });

  it('serves a repeated direct download from the cache, and an ingest by another process shows in the next file', async () => {
    await ingestDay(300);
    const query = vi.spyOn(t.built.engine, 'query');
    const download = async () => {
      const params = new URLSearchParams({
        reportType: 'revenue',
        publisherId: '1001',
        dateFrom: String(noon(DAY)),
        dateTo: String(noon(DAY)),
        dimensions: 'brand',
        metrics: 'impressions,revenue',
        interval: 'Day',
      });
      const r = await t.app.inject({ method: 'GET', url: `/api/partner-center/report/download?${params}`, headers: bearer(token, '1001') });
      expect(r.statusCode).toBe(200);
      return r.body.split('\r\n');
    };
    try {
      const first = await download();
      expect(first.slice(0, 2)).toEqual(['Date,Brand,Impressions,Revenue (USD),Estimated', `${DAY},Acme,300,2.5,Yes`]);
      expect(query).toHaveBeenCalledTimes(1);
      expect(await download()).toEqual(first);
      expect(query).toHaveBeenCalledTimes(1);

      await ingestDay(700);
      await expect.poll(async () => (await download())[1], { timeout: 10_000 }).toBe(`${DAY},Acme,700,2.5,Yes`);
      const calls = query.mock.calls.length;
      await download();
      expect(query).toHaveBeenCalledTimes(calls);
    } finally {
      query.mockRestore();
    }
  });

  it('answers a repeated home summary from the cache, and an ingest by another process shows in the next one', async () => {
    const changes = createChangeNotifications({ databaseUrl: t.databaseUrl, log });
    listeners.push(changes);
    await expect.poll(() => changes.listening(), { timeout: 10_000 }).toBe(true);
    // Yesterday is DAY (UTC, 1001's reporting time zone).
    const service = createReportsService({
      db: t.db,
      repo: reportsRepo(t.db),
      engine: withReportCache(t.built.engine, createReportCache({ changes })),
      jobs: createJobQueue(t.db, log),
      now: () => new Date(`${addDay(DAY)}T12:00:00Z`),
    });
    await ingestDay(250, changes);
    const query = vi.spyOn(t.built.engine, 'query');
    try {
      expect((await service.homeSummary('1001')).yesterday).toEqual({ date: DAY, revenue: 2.5, eCpm: null, impressions: 250 });
      // Yesterday, month to date, the same days of last month and the 30-day chart.
      expect(query).toHaveBeenCalledTimes(4);
      expect((await service.homeSummary('1001')).yesterday.impressions).toBe(250);
      expect(query).toHaveBeenCalledTimes(4);

      await ingestDay(650, changes);
      await expect.poll(async () => (await service.homeSummary('1001')).yesterday.impressions, { timeout: 10_000 }).toBe(650);
      const calls = query.mock.calls.length;
      await service.homeSummary('1001');
      expect(query).toHaveBeenCalledTimes(calls);
    } finally {
      query.mockRestore();
    }
  });
});

const addDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
