import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createJobQueue } from './job-queue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const log = pino({ level: 'silent' });

describe('job queue', () => {
  it('runs a job once and marks it done', async () => {
    const q = createJobQueue(t.db, log);
    const seen: unknown[] = [];
    const id = await q.enqueue('q1', { n: 1 });
    const w = q.work<{ n: number }>('q1', async (job) => void seen.push(job.payload), { pollMs: 0 });
    expect(await w.drain()).toBe(1);
    expect(await w.drain()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await t.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('done');
  });

  it('retries a failing job with backoff and fails it after max attempts', async () => {
    const q = createJobQueue(t.db, log);
    const id = await q.enqueue('q2', {}, { maxAttempts: 2 });
    let calls = 0;
    const w = q.work(
      'q2',
      async () => {
        calls++;
        throw new Error('boom');
      },
      // One at a time: with two slots and no back-off, drain's second claim can take the retry
      // when the first attempt's failure commits before that claim (seen on PostgreSQL 15 in CI).
      { pollMs: 0, retryBaseMs: 0, concurrency: 1 },
    );
    await w.drain();
    let row = await t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.status, row.attempts, row.last_error]).toEqual(['queued', 1, 'boom']);
    await w.drain();
    row = await t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.status, row.attempts]).toEqual(['failed', 2]);
    expect(calls).toBe(2);
  });

  it("a crashed worker's job is claimed again once its lease runs out", async () => {
    const q = createJobQueue(t.db, log);
    const id = await q.enqueue('q3', {});
    const first = await q.claim('q3', 60_000);
    expect(first?.id).toBe(id);
    // The worker "dies": nobody finishes or renews. While the lease holds, nobody else takes it.
    expect(await q.claim('q3', 60_000)).toBeNull();
    await t.db
      .updateTable('jobs')
      .set({ locked_until: new Date(Date.now() - 1) })
      .where('id', '=', id)
      .execute();
    const w = q.work('q3', async () => undefined, { pollMs: 0 });
    expect(await w.drain()).toBe(1);
    const row = await t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.status, row.attempts]).toEqual(['done', 2]);
  });

  it('deduplicates pending jobs by key', async () => {
    const q = createJobQueue(t.db, log);
    const a = await q.enqueue('q4', { x: 1 }, { dedupeKey: 'k' });
    const b = await q.enqueue('q4', { x: 2 }, { dedupeKey: 'k' });
    expect(b).toBe(a);
  });

  it('two workers never run the same job', async () => {
    const q = createJobQueue(t.db, log);
    for (let i = 0; i < 10; i++) await q.enqueue('q5', { i });
    const ran: number[] = [];
    const handler = async (job: { payload: { i: number } }) => {
      ran.push(job.payload.i);
      await new Promise((r) => setTimeout(r, 5));
    };
    const w1 = q.work('q5', handler, { pollMs: 0, concurrency: 3 });
    const w2 = q.work('q5', handler, { pollMs: 0, concurrency: 3 });
    while ((await Promise.all([w1.drain(), w2.drain()])).some((n) => n > 0));
    expect(ran.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
