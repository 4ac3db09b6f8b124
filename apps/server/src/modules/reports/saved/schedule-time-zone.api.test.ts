import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { SavedReport, SavedReportInput, ScheduleFrequency } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../../test/test-app';
import { createJobQueue } from '../../../lib/jobs/job-queue';
import { queueDueReportRuns } from './report-schedule.job';
import { createSavedReportsService } from './saved-reports.service';

/** A change of the reporting time zone moves every schedule of the publisher to 06:00 of the new zone. */
let t: TestApp;
let multi: string;
let uid: string;

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  uid = (await t.db.selectFrom('users').select('id').where('email', '=', DEMO.multi).executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

const input = (name: string): SavedReportInput => ({
  name,
  reportType: 'revenue',
  shared: false,
  view: { preset: 'yesterday', dimensions: [], metrics: ['revenue'], interval: 'Day', filters: [], sort: null },
});
const nextRuns = (reports: SavedReport[]) => Object.fromEntries(reports.map((r) => [r.name, r.schedule?.nextRunAt]));

describe('schedules follow the reporting time zone', () => {
  // A Wednesday, 10:00 UTC: 23:00 in Auckland (UTC+13 in November), 00:00 in Honolulu (UTC-10).
  const at = new Date('2026-11-18T10:00:00Z');
  const ctx = () => ({ uid, publisherId: '1001' });

  it('moves daily, weekly and monthly schedules to the new zone, and the next run reads its days there', async () => {
    const saved = createSavedReportsService({ db: t.db, now: () => at });
    await saved.setSettings(ctx(), { timeZone: 'UTC' });
    for (const frequency of ['daily', 'weekly', 'monthly'] satisfies ScheduleFrequency[]) {
      const r = await saved.create(ctx(), input(frequency));
      await saved.setSchedule(ctx(), r.id, { frequency, format: 'csv', paused: false });
    }
    expect(nextRuns(await saved.list(ctx()))).toEqual({
      daily: '2026-11-19T06:00:00.000Z',
      weekly: '2026-11-23T06:00:00.000Z',
      monthly: '2026-12-01T06:00:00.000Z',
    });

    await saved.setSettings(ctx(), { timeZone: 'Pacific/Auckland' });
    const east = await saved.list(ctx());
    // 06:00 in Auckland: Thursday 19 Nov, Monday 23 Nov and 1 Dec local, the evening before in UTC.
    expect(nextRuns(east)).toEqual({
      daily: '2026-11-18T17:00:00.000Z',
      weekly: '2026-11-22T17:00:00.000Z',
      monthly: '2026-11-30T17:00:00.000Z',
    });
    expect(east.map((r) => r.schedule?.timeZone)).toEqual(['Pacific/Auckland', 'Pacific/Auckland', 'Pacific/Auckland']);

    await saved.setSettings(ctx(), { timeZone: 'Pacific/Honolulu' });
    expect(nextRuns(await saved.list(ctx()))).toEqual({
      daily: '2026-11-18T16:00:00.000Z',
      weekly: '2026-11-23T16:00:00.000Z',
      monthly: '2026-12-01T16:00:00.000Z',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'report_settings.update')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({
      before: { timeZone: 'Pacific/Auckland' },
      after: { timeZone: 'Pacific/Honolulu' },
      schedulesMoved: 3,
    });

    // At 06:00 Honolulu the daily one runs for Honolulu's yesterday, then waits for the next 06:00 there.
    const sendAt = new Date('2026-11-18T16:00:00Z');
    expect(await queueDueReportRuns(t.db, createJobQueue(t.db, pino({ level: 'silent' })), sendAt)).toBe(1);
    const job = await t.db
      .selectFrom('report_jobs')
      .select(['date_from', 'date_to'])
      .where('delivery', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ date_from: '2026-11-17', date_to: '2026-11-17' });
    expect(nextRuns(await saved.list(ctx())).daily).toBe('2026-11-19T16:00:00.000Z');
  });

  it('through the API: after PUT report-settings the schedule says 06:00 of the new zone', async () => {
    const headers = bearer(multi, '1001');
    const created = await t.app.inject({ method: 'POST', url: '/api/partner-center/saved-reports', headers, payload: input('api daily') });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<SavedReport>().id;
    const scheduled = await t.app.inject({
      method: 'PUT',
      url: `/api/partner-center/saved-reports/${id}/schedule`,
      headers,
      payload: { frequency: 'daily', format: 'xlsx', paused: false },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/partner-center/report-settings',
      headers,
      payload: { timeZone: 'Asia/Kolkata' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const schedule = (await t.app.inject({ method: 'GET', url: `/api/partner-center/saved-reports/${id}`, headers })).json<SavedReport>()
      .schedule;
    expect(schedule?.timeZone).toBe('Asia/Kolkata');
    const next = new Date(schedule!.nextRunAt);
    // Kolkata is UTC+5:30 all year: 06:00 there is 00:30 UTC, within the next day.
    expect(next.toISOString().slice(11)).toBe('00:30:00.000Z');
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
  });
});
