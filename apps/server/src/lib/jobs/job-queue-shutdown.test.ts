import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { openDatabase } from '../../db/pool';
import { createJobQueue } from './job-queue';

// On shutdown running jobs finish or go back to the queue; every statement has a
// time-out.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
const log = pino({ level: 'silent' });
const row = (id: string) =>
  t.db.selectFrom('jobs').select(['status', 'attempts', 'locked_until']).where('id', '=', id).executeTakeFirstOrThrow();

describe('stopping workers at shutdown', () => {
  it('a job that finishes within the deadline is done', async () => {
    const q = createJobQueue(t.db, log);
    const id = await q.enqueue('shutdown-fast', {});
    const w = q.work('shutdown-fast', () => new Promise<void>((r) => setTimeout(r, 300)), { pollMs: 0 });
    const draining = w.drain();
    await new Promise((r) => setTimeout(r, 50));
    q.shutdownWithin(5_000);
    await w.stop();
    await draining;
    expect((await row(id)).status).toBe('done');
  });

  it('a job still running at the deadline is aborted and back in the queue, the attempt not counted', async () => {
    const q = createJobQueue(t.db, log);
    const id = await q.enqueue('shutdown-slow', {});
    let aborted = false;
    const w = q.work(
      'shutdown-slow',
      (_job, signal) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
      { pollMs: 0 },
    );
    void w.drain();
    await new Promise((r) => setTimeout(r, 200));
    expect((await row(id)).status).toBe('running');
    q.shutdownWithin(300);
    const t0 = Date.now();
    await w.stop();
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(await row(id)).toEqual({ status: 'queued', attempts: 0, locked_until: null });
    // Another process takes it at once.
    const next = createJobQueue(t.db, log);
    const ran: string[] = [];
    expect(await next.work('shutdown-slow', async (job) => void ran.push(job.id), { pollMs: 0 }).drain()).toBe(1);
    expect(ran).toEqual([id]);
  });
});

describe('statement time-out', () => {
  it('a statement running past the pool time-out is cancelled (57014), not left holding a connection', async () => {
    const handle = openDatabase(t.databaseUrl, log, 1, 1_000);
    try {
      const t0 = Date.now();
      await expect(sql`SELECT pg_sleep(5)`.execute(handle.db)).rejects.toMatchObject({ code: '57014' });
      expect(Date.now() - t0).toBeLessThan(4_000);
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db)).rows[0]!.one).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('the server pool has one by default', async () => {
    const r = await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(t.db);
    expect(r.rows[0]!.statement_timeout).not.toBe('0');
  });
});
