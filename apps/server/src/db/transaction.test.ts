import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createJobQueue } from '../lib/jobs/job-queue';
import { auditRepo } from '../modules/audit';
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
