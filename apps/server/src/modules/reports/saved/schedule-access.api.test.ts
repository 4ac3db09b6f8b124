import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../../test/test-app';
import { createJobQueue } from '../../../lib/jobs/job-queue';
import { queueDueReportRuns } from './report-schedule.job';

// A scheduled report e-mails its owner's view of a publisher: each run re-checks that the owner
// still has that publisher and is enabled; without it the run is skipped, audited, and paused.
let t: TestApp;
let multi: string;
const BASE = '/api/partner-center/saved-reports';
const view = {
  preset: 'last7',
  dimensions: ['sites'],
  metrics: ['impressions', 'revenue'],
  interval: 'Day',
  filters: [],
  sort: null,
};

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
});
afterAll(async () => t.close());

const call = (publisher: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(multi, publisher), ...(payload ? { payload } : {}) });
async function scheduled(publisher: string, name: string): Promise<string> {
  const saved = await call(publisher, 'POST', BASE, { name, reportType: 'revenue', shared: false, view });
  expect(saved.statusCode, saved.body).toBe(200);
  const id = saved.json().id as string;
  expect((await call(publisher, 'PUT', `${BASE}/${id}/schedule`, { frequency: 'daily', format: 'csv', paused: false })).statusCode).toBe(
    200,
  );
  return id;
}
const makeDue = (ids: string[]) =>
  t.db
    .updateTable('report_schedules')
    .set({ next_run_at: new Date(Date.now() - 60_000) })
    .where('saved_report_id', 'in', ids)
    .execute();
const runsOf = async (id: string) =>
  (await t.db.selectFrom('report_schedule_runs').select('due_at').where('saved_report_id', '=', id).execute()).length;
const setOwner = (set: { publisher_scope?: string; disabled?: boolean }) =>
  t.db
    .updateTable('users')
    .set(set)
    .where(sql<boolean>`lower(email) = ${DEMO.multi}`)
    .execute();
const jobs = () => createJobQueue(t.db, pino({ level: 'silent' }));

describe('scheduled reports follow the owner’s access', () => {
  it('an owner who lost the publisher: the run is skipped, audited, paused with a reason, and the owner told', async () => {
    const lost = await scheduled('1001', 'Northwind daily');
    const kept = await scheduled('1003', 'Summit daily');
    await setOwner({ publisher_scope: '1003' });
    try {
      await makeDue([lost, kept]);
      expect(await queueDueReportRuns(t.db, jobs())).toBe(1);
      expect(await runsOf(lost)).toBe(0);
      expect(await runsOf(kept)).toBe(1);
      const s = await t.db.selectFrom('report_schedules').selectAll().where('saved_report_id', '=', lost).executeTakeFirstOrThrow();
      expect(s.paused).toBe(true);
      expect(s.paused_reason).toMatch(/no longer has access/);
      const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'saved_report.schedule_paused').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ publisher_id: '1001', details: { id: lost, reason: 'owner_lost_publisher' } });
      const mails = await t.db.selectFrom('jobs').select('payload').where('queue', '=', 'services-mail').execute();
      const notice = mails.map((m) => m.payload as { to: string[]; subject: string }).find((p) => /paused/.test(p.subject));
      expect(notice?.to).toEqual([DEMO.multi]);
      // Nothing is due any more: a paused schedule is not retried each minute.
      expect(await queueDueReportRuns(t.db, jobs())).toBe(0);
    } finally {
      await setOwner({ publisher_scope: '1001,1003' });
    }
    // A scope change ends the owner's sessions: sign in again.
    multi = (await signIn(t.app, DEMO.multi)).idToken;
    // Back in scope, the owner sees why it is paused; scheduling it again clears the reason.
    const list = (await call('1001', 'GET', BASE)).json() as { id: string; schedule: { paused: boolean; pausedReason?: string | null } }[];
    expect(list.find((r) => r.id === lost)?.schedule).toMatchObject({ paused: true, pausedReason: expect.stringMatching(/access/) });
    const again = await call('1001', 'PUT', `${BASE}/${lost}/schedule`, { frequency: 'daily', format: 'csv', paused: false });
    expect(again.json().schedule).toMatchObject({ paused: false, pausedReason: null });
  });

  it('a disabled owner: the run is skipped and paused, and no e-mail goes to the disabled account', async () => {
    const id = await scheduled('1001', 'Northwind weekly');
    const mailsBefore = (await t.db.selectFrom('jobs').select('id').where('queue', '=', 'services-mail').execute()).length;
    await setOwner({ disabled: true });
    try {
      await makeDue([id]);
      await queueDueReportRuns(t.db, jobs());
      expect(await runsOf(id)).toBe(0);
      const s = await t.db.selectFrom('report_schedules').selectAll().where('saved_report_id', '=', id).executeTakeFirstOrThrow();
      expect(s).toMatchObject({ paused: true });
      expect(s.paused_reason).toMatch(/disabled/);
      const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'saved_report.schedule_paused').execute();
      expect(audit.map((a) => (a.details as { reason: string }).reason)).toContain('owner_disabled');
      expect((await t.db.selectFrom('jobs').select('id').where('queue', '=', 'services-mail').execute()).length).toBe(mailsBefore);
    } finally {
      await setOwner({ disabled: false });
    }
  });
});
