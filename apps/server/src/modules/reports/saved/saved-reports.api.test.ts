import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../../test/test-app';
import { createJobQueue } from '../../../lib/jobs/job-queue';
import { openDatabase } from '../../../db/pool';
import { queueDueReportRuns } from './report-schedule.job';

/**
 * Saved and scheduled reports: sharing and scoping, schedules that run exactly
 * once across a restart and two processes, and the e-mail with its attachment over real SMTP.
 */
const received: { to: string; subject: string; attachments: number; raw: string }[] = [];
/** The SMTP server refuses this many messages at the end of DATA (after the whole mail was sent). */
let smtpFailures = 0;
let smtp: SMTPServer;
let t: TestApp;
let multi: string;
let staff: string;
let single: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        if (smtpFailures > 0) {
          smtpFailures -= 1;
          done(Object.assign(new Error('Mailbox temporarily full'), { responseCode: 452 }));
          return;
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          // Long headers are folded onto continuation lines.
          subject: /^Subject: (.*)$/m.exec(raw.replace(/\r\n[ \t]+/g, ' '))?.[1] ?? '',
          attachments: (raw.match(/Content-Disposition: attachment/g) ?? []).length,
          raw,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  await t.built.engine.ingest({
    reportType: 'revenue',
    requests: [{ date: '2026-10-01', publisherId: '1001', siteId: '5001', productType: 'Display', impRequests: 1000 }],
    sales: [
      {
        date: '2026-10-01',
        publisherId: '1001',
        siteId: '5001',
        productType: 'Display',
        size: '300x250',
        brand: 'Acme',
        dealName: '',
        dealId: '',
        impressions: 500,
        revenue: 2.5,
        netRevenue: 2,
      },
    ],
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const BASE = '/api/partner-center/saved-reports';
const view = {
  preset: 'custom',
  from: '2026-10-01',
  to: '2026-10-01',
  dimensions: ['sites'],
  metrics: ['impressions', 'revenue'],
  interval: 'Day',
  filters: [{ dimension: 'brand', mode: 'include', values: ['Acme'] }],
  sort: null,
};
const call = (token: string, publisher: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload: payload as object } : {}) });

describe('saved reports', () => {
  it('private to the owner; shared with the publisher team read-only; 404 from another publisher, 403 across scopes', async () => {
    const priv = await call(multi, '1001', 'POST', BASE, { name: 'Acme by site', reportType: 'revenue', shared: false, view });
    expect(priv.statusCode).toBe(200);
    const p = priv.json();
    expect(p).toMatchObject({ name: 'Acme by site', mine: true, shared: false, schedule: null, ownerEmail: DEMO.multi });
    expect(p.view.filters).toEqual(view.filters);
    // Staff can act for 1001 but does not see a private report.
    expect((await call(staff, '1001', 'GET', `${BASE}/${p.id}`)).statusCode).toBe(404);
    expect((await call(staff, '1001', 'GET', BASE)).json().map((r: { id: string }) => r.id)).not.toContain(p.id);

    const shared = (await call(multi, '1001', 'POST', BASE, { name: 'Team view', reportType: 'revenue', shared: true, view })).json();
    const seen = await call(staff, '1001', 'GET', `${BASE}/${shared.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ mine: false, shared: true });
    // Only the owner changes, schedules or deletes it.
    expect(
      (await call(staff, '1001', 'PUT', `${BASE}/${shared.id}`, { name: 'x', reportType: 'revenue', shared: true, view })).statusCode,
    ).toBe(403);
    expect((await call(staff, '1001', 'DELETE', `${BASE}/${shared.id}`)).statusCode).toBe(403);
    expect(
      (await call(staff, '1001', 'PUT', `${BASE}/${shared.id}/schedule`, { frequency: 'daily', format: 'csv', paused: false })).statusCode,
    ).toBe(403);
    // Another publisher: not listed, not found; a publisher outside the user's scope is 403.
    expect((await call(multi, '1003', 'GET', `${BASE}/${shared.id}`)).statusCode).toBe(404);
    expect((await call(multi, '1003', 'GET', BASE)).json()).toEqual([]);
    expect((await call(single, '1001', 'GET', BASE)).statusCode).toBe(403);
    expect((await call(single, '1002', 'GET', `${BASE}/${shared.id}`)).statusCode).toBe(404);

    const renamed = await call(multi, '1001', 'PUT', `${BASE}/${shared.id}`, {
      name: 'Team view 2',
      reportType: 'revenue',
      shared: false,
      view,
    });
    expect(renamed.json()).toMatchObject({ name: 'Team view 2', shared: false });
    expect((await call(staff, '1001', 'GET', `${BASE}/${shared.id}`)).statusCode).toBe(404);
    expect((await call(multi, '1001', 'DELETE', `${BASE}/${shared.id}`)).statusCode).toBe(200);
    expect((await call(multi, '1001', 'GET', `${BASE}/${shared.id}`)).statusCode).toBe(404);
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', 'like', 'saved_report.%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'saved_report.create',
      'saved_report.create',
      'saved_report.delete',
      'saved_report.update',
    ]);
  });

  it.each([
    [{ name: '' }, /name/],
    [{ view: { ...view, metrics: ['organicClicks'] } }, /Unknown metric/],
    [{ view: { ...view, filters: [{ dimension: 'widget', mode: 'include', values: ['x'] }] } }, /filter/],
    [{ view: { ...view, from: undefined } }, /custom range/],
    [{ view: { ...view, compare: 'custom', compareFrom: '2026-09-01' } }, /custom comparison/],
    [{ view: { ...view, compare: 'lastWeek' } }, /compare|Invalid/],
  ])('%j is 400 with fields', async (change, message) => {
    const r = await call(multi, '1001', 'POST', BASE, { name: 'n', reportType: 'revenue', shared: false, view, ...change });
    expect(r.statusCode).toBe(400);
    expect(Object.values(r.json().fields ?? {}).join(' ')).toMatch(message);
  });
});

describe('saved comparison', () => {
  it('keeps the comparison with the view, and views saved without one still load', async () => {
    const withCompare = { ...view, compare: 'custom', compareFrom: '2026-09-01', compareTo: '2026-09-30' };
    const saved = await call(multi, '1001', 'POST', BASE, {
      name: 'Vs September',
      reportType: 'revenue',
      shared: false,
      view: withCompare,
    });
    expect(saved.statusCode).toBe(200);
    expect((await call(multi, '1001', 'GET', `${BASE}/${saved.json().id}`)).json().view).toMatchObject({
      compare: 'custom',
      compareFrom: '2026-09-01',
      compareTo: '2026-09-30',
    });
    const yearAgo = await call(multi, '1001', 'PUT', `${BASE}/${saved.json().id}`, {
      name: 'Vs last year',
      reportType: 'revenue',
      shared: true,
      view: { ...view, compare: 'yearAgo' },
    });
    expect(yearAgo.json()).toMatchObject({ name: 'Vs last year', shared: true, view: { compare: 'yearAgo' } });
    const old = (await call(multi, '1001', 'POST', BASE, { name: 'Old', reportType: 'revenue', shared: false, view })).json();
    expect(old.view.compare).toBeUndefined();
  });
});

describe('reporting time zone', () => {
  it('defaults to UTC, accepts an IANA zone, refuses anything else', async () => {
    expect((await call(multi, '1001', 'GET', '/api/partner-center/report-settings')).json()).toEqual({ timeZone: 'UTC' });
    const bad = await call(multi, '1001', 'PUT', '/api/partner-center/report-settings', { timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.timeZone).toMatch(/time zone/);
    expect((await call(multi, '1001', 'PUT', '/api/partner-center/report-settings', { timeZone: 'Pacific/Auckland' })).statusCode).toBe(
      200,
    );
    expect((await call(multi, '1003', 'GET', '/api/partner-center/report-settings')).json()).toEqual({ timeZone: 'UTC' });
    expect((await call(multi, '1001', 'GET', '/api/partner-center/report-settings')).json()).toEqual({ timeZone: 'Pacific/Auckland' });
  });
});

describe('scheduled reports', () => {
  it('run exactly once across two processes and a restart, and e-mail the file over SMTP', async () => {
    const saved = (await call(multi, '1001', 'POST', BASE, { name: 'Daily Acme', reportType: 'revenue', shared: false, view })).json();
    const scheduled = await call(multi, '1001', 'PUT', `${BASE}/${saved.id}/schedule`, {
      frequency: 'daily',
      format: 'csv',
      paused: false,
    });
    expect(scheduled.statusCode).toBe(200);
    const schedule = scheduled.json().schedule;
    // 06:00 in the publisher's zone (set to Auckland above: 17:00 UTC the day before).
    expect(schedule).toMatchObject({ frequency: 'daily', paused: false, timeZone: 'Pacific/Auckland', lastRunAt: null });
    expect(new Date(schedule.nextRunAt).getUTCHours()).toBe(17);

    // It falls due. Two "processes" (separate pools and queues) tick at the same moment...
    const due = new Date(Date.now() - 60_000);
    await t.db.updateTable('report_schedules').set({ next_run_at: due }).where('saved_report_id', '=', saved.id).execute();
    const other = openDatabase(t.databaseUrl, pino({ level: 'silent' }), 3);
    const queueA = createJobQueue(t.db, pino({ level: 'silent' }));
    const queueB = createJobQueue(other.db, pino({ level: 'silent' }));
    const counts = await Promise.all([queueDueReportRuns(t.db, queueA), queueDueReportRuns(other.db, queueB)]);
    expect(counts[0] + counts[1]).toBe(1);
    // ...and after a "restart" (a fresh queue on a fresh pool) nothing is due any more.
    await other.close();
    const restarted = openDatabase(t.databaseUrl, pino({ level: 'silent' }), 2);
    expect(await queueDueReportRuns(restarted.db, createJobQueue(restarted.db, pino({ level: 'silent' })))).toBe(0);
    await restarted.close();
    const runs = await t.db.selectFrom('report_schedule_runs').selectAll().where('saved_report_id', '=', saved.id).execute();
    expect(runs).toHaveLength(1);
    expect(new Date(runs[0]!.due_at).getTime()).toBe(due.getTime());
    const next = await t.db
      .selectFrom('report_schedules')
      .select('next_run_at')
      .where('saved_report_id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(new Date(next.next_run_at).getTime()).toBeGreaterThan(Date.now());

    // The export worker makes the file and mails it through the in-process SMTP server.
    await t.built.workers.reportExports.drain();
    const mail = received.find((m) => m.to === DEMO.multi);
    expect(mail?.subject).toBe('Your Revenue Summary report for Northwind News (Oct 1, 2026 to Oct 1, 2026)');
    expect(mail?.attachments).toBe(1);
    expect(mail?.raw).toMatch(/filename=revenue-2026-10-01-2026-10-01\.csv/);
    const after = (await call(multi, '1001', 'GET', `${BASE}/${saved.id}`)).json();
    expect(after.schedule).toMatchObject({ lastStatus: 'done', lastError: null, lastRunAt: due.toISOString() });

    // Paused: due again, but nothing is queued.
    await call(multi, '1001', 'PUT', `${BASE}/${saved.id}/schedule`, { frequency: 'weekly', format: 'xlsx', paused: true });
    await t.db
      .updateTable('report_schedules')
      .set({ next_run_at: new Date(Date.now() - 1000) })
      .where('saved_report_id', '=', saved.id)
      .execute();
    expect(await queueDueReportRuns(t.db, queueA)).toBe(0);
  });

  it('an SMTP failure mid-send is retried without a double mail, and a lasting one shows as the last run error', async () => {
    const saved = (await call(multi, '1001', 'POST', BASE, { name: 'Flaky mail', reportType: 'revenue', shared: false, view })).json();
    await call(multi, '1001', 'PUT', `${BASE}/${saved.id}/schedule`, { frequency: 'daily', format: 'csv', paused: false });
    const queue = createJobQueue(t.db, pino({ level: 'silent' }));
    const fallDue = async () => {
      await t.db
        .updateTable('report_schedules')
        .set({ next_run_at: new Date(Date.now() - 60_000) })
        .where('saved_report_id', '=', saved.id)
        .execute();
      expect(await queueDueReportRuns(t.db, queue)).toBe(1);
    };
    // A retry waits for its backoff; the test moves it to now instead of sleeping.
    const runExports = async () => {
      await t.db
        .updateTable('jobs')
        .set({ run_after: new Date(Date.now() - 1000) })
        .where('status', '=', 'queued')
        .execute();
      await t.built.workers.reportExports.drain().catch(() => undefined);
    };
    const mailsTo = () => received.filter((m) => m.to === DEMO.multi && m.subject.includes('Northwind News')).length;
    const status = async () => (await call(multi, '1001', 'GET', `${BASE}/${saved.id}`)).json().schedule;

    // Refused once at the end of DATA: the job fails, is retried, and exactly one mail arrives.
    const before = mailsTo();
    await fallDue();
    smtpFailures = 1;
    await runExports();
    expect(mailsTo()).toBe(before);
    expect((await status()).lastStatus).not.toBe('done');
    await runExports();
    expect(mailsTo()).toBe(before + 1);
    expect(await status()).toMatchObject({ lastStatus: 'done', lastError: null });
    const outbox = await t.db.selectFrom('outbox').select('status').where('subject', 'like', '%Northwind News%').execute();
    expect(outbox.filter((o) => o.status === 'failed').length).toBeGreaterThanOrEqual(1);

    // Refused on every attempt: after the last one the schedule shows the failure and its reason.
    await fallDue();
    smtpFailures = 3;
    for (let n = 0; n < 3; n += 1) await runExports();
    expect(mailsTo()).toBe(before + 1);
    const failed = await status();
    expect(failed.lastStatus).toBe('failed');
    expect(failed.lastError).toMatch(/Mailbox temporarily full|452/);
    smtpFailures = 0;
  });
});
