import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { DEMO, createTestApp, type TestApp } from '../../../test/test-app';
import { createJobQueue, type JobQueue } from '../../lib/jobs/job-queue';
import { reportsRepo } from './reports.repo';
import { createReportsService } from './reports.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const log = pino({ level: 'silent' });

// The export row and its job are written in one transaction (db/transaction.ts): a failed enqueue leaves no row.

describe('report export creation', () => {
  it('keeps no export "queued" when queuing its job fails', async () => {
    const real = createJobQueue(t.db, log);
    const failing: JobQueue = {
      ...real,
      enqueue: async () => {
        throw new Error('queue unavailable');
      },
    };
    const user = await t.db.selectFrom('users').select('id').where('email', '=', DEMO.single).executeTakeFirstOrThrow();
    const before = await t.db.selectFrom('report_jobs').select('id').execute();
    const service = createReportsService({ db: t.db, repo: reportsRepo(t.db), engine: t.built.engine, jobs: failing });
    const noon = Date.UTC(2026, 9, 1, 12);
    await expect(
      service.createExport(
        { uid: user.id, publisherId: '1002' },
        { reportType: 'revenue', publisherId: '1002', dateFrom: noon, dateTo: noon, metrics: 'revenue', interval: 'Day' },
        'file',
      ),
    ).rejects.toThrow('queue unavailable');
    expect(await t.db.selectFrom('report_jobs').select('id').execute()).toHaveLength(before.length);
  });
});
