import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { DEMO, createTestApp, type TestApp } from '../../test/test-app';
import { createJobQueue, type JobQueue } from '../lib/jobs/job-queue';
import { auditRepo } from '../modules/audit/audit.repo';
import { reportsRepo } from '../modules/reports/reports.repo';
import { createReportsService } from '../modules/reports/reports.service';
import { inTransaction } from './transaction';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const log = pino({ level: 'silent' });
const auditCount = async (action: string) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', action)
      .executeTakeFirstOrThrow()
  ).n;

describe('inTransaction', () => {
  it('commits a write, its audit row and its job together', async () => {
    const jobs = createJobQueue(t.db, log);
    await inTransaction(t.db, async (trx) => {
      await auditRepo(trx).record({ actorUserId: null, publisherId: null, action: 'tx.commit' });
      await jobs.enqueue('tx-commit', { n: 1 }, { db: trx });
    });
    expect(await auditCount('tx.commit')).toBe(1);
    const queued = await t.db.selectFrom('jobs').select('id').where('queue', '=', 'tx-commit').execute();
    expect(queued).toHaveLength(1);
  });

  it('leaves nothing behind when a step fails half-way', async () => {
    const jobs = createJobQueue(t.db, log);
    await expect(
      inTransaction(t.db, async (trx) => {
        await auditRepo(trx).record({ actorUserId: null, publisherId: null, action: 'tx.rollback' });
        await jobs.enqueue('tx-rollback', { n: 1 }, { db: trx });
        throw new Error('fails after two writes');
      }),
    ).rejects.toThrow('fails after two writes');
    expect(await auditCount('tx.rollback')).toBe(0);
    expect(await t.db.selectFrom('jobs').select('id').where('queue', '=', 'tx-rollback').execute()).toHaveLength(0);
  });

  it('joins an enclosing transaction instead of nesting', async () => {
    await expect(
      inTransaction(t.db, async (outer) => {
        await inTransaction(outer, (inner) => auditRepo(inner).record({ actorUserId: null, publisherId: null, action: 'tx.nested' }));
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await auditCount('tx.nested')).toBe(0);
  });
});

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
