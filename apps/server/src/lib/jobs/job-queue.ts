import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../db/pool';
import { finishesWithin } from '../time/finishes-within';

export interface JobRecord<P = unknown> {
  id: string;
  queue: string;
  payload: P;
  attempts: number;
  maxAttempts: number;
}

export type JobHandler<P> = (job: JobRecord<P>, signal: AbortSignal) => Promise<void>;

export interface WorkerOptions {
  concurrency?: number;
  /** How long a claim lasts without renewal; a crashed worker's jobs come back after it. */
  leaseMs?: number;
  pollMs?: number;
  /** Delay before retry n is 2^(n-1) x this. */
  retryBaseMs?: number;
}

export interface Worker {
  /**
   * Stops claiming new jobs and waits for running ones; after the queue's shutdown deadline
   * (`shutdownWithin`), aborts them and puts them back in the queue for another process.
   */
  stop(): Promise<void>;
  /** Claims and runs whatever is due now (tests, and the loop's tick). */
  drain(): Promise<number>;
}

export interface EnqueueOptions {
  /** One queued or running job per key: a second enqueue with the same key returns the first's id. */
  dedupeKey?: string;
  maxAttempts?: number;
  runAfter?: Date;
}

/**
 * Queues a job without a worker at hand (a CLI command, another process): any process running the
 * queue's worker picks it up. `db` may be a transaction, so the job commits with its write.
 */
export async function enqueueJob<P>(db: Db, queue: string, payload: P, opts: EnqueueOptions = {}): Promise<string> {
  const inserted = await db
    .insertInto('jobs')
    .values({
      queue,
      payload: JSON.stringify(payload),
      dedupe_key: opts.dedupeKey ?? null,
      max_attempts: opts.maxAttempts ?? 3,
      run_after: opts.runAfter ?? new Date(),
    })
    .onConflict((oc) =>
      oc.columns(['queue', 'dedupe_key']).where('dedupe_key', 'is not', null).where('status', 'in', ['queued', 'running']).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('queue', '=', queue)
    .where('dedupe_key', '=', opts.dedupeKey!)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return existing.id;
}

/**
 * A durable queue in PostgreSQL: jobs survive restarts, are retried with backoff after failure,
 * and are claimed with FOR UPDATE SKIP LOCKED so several processes never run one job at once.
 * Handlers must be idempotent (a job may run again after a crash): write to a temp file and
 * rename, upsert rows, and so on.
 */
export function createJobQueue(db: Db, log: Logger) {
  /** Set on shutdown: running jobs get until then to finish. */
  let stopDeadline: number | null = null;
  async function enqueue<P>(queue: string, payload: P, opts: EnqueueOptions & { db?: Db } = {}): Promise<string> {
    // opts.db is a transaction when the job belongs to a business write (src/db/transaction.ts):
    // the job then exists exactly when that write commits.
    return enqueueJob(opts.db ?? db, queue, payload, opts);
  }

  async function claim(queue: string, leaseMs: number): Promise<JobRecord | null> {
    const row = await sql<{ id: string; queue: string; payload: unknown; attempts: number; max_attempts: number }>`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE id = (
        SELECT id FROM jobs
        WHERE queue = ${queue}
          AND ((status = 'queued' AND run_after <= now()) OR (status = 'running' AND locked_until < now()))
        ORDER BY run_after
        FOR UPDATE SKIP LOCKED
        LIMIT 1
      )
      RETURNING id, queue, payload, attempts, max_attempts`.execute(db);
    const r = row.rows[0];
    return r ? { id: r.id, queue: r.queue, payload: r.payload, attempts: r.attempts, maxAttempts: r.max_attempts } : null;
  }

  function work<P>(queue: string, handler: JobHandler<P>, opts: WorkerOptions = {}): Worker {
    const concurrency = opts.concurrency ?? 2;
    const leaseMs = opts.leaseMs ?? 60_000;
    const pollMs = opts.pollMs ?? 1_000;
    const retryBaseMs = opts.retryBaseMs ?? 5_000;
    const running = new Set<Promise<void>>();
    const runningIds = new Set<string>();
    const abandoned = new Set<string>();
    const controller = new AbortController();
    let stopped = false;

    async function runOne(job: JobRecord): Promise<void> {
      // Renew the lease while the handler runs, so long exports are not taken over.
      const renew = setInterval(() => {
        void db
          .updateTable('jobs')
          .set({ locked_until: new Date(Date.now() + leaseMs) })
          .where('id', '=', job.id)
          .where('status', '=', 'running')
          .execute()
          .catch(() => undefined);
      }, leaseMs / 3);
      runningIds.add(job.id);
      try {
        await handler(job as JobRecord<P>, controller.signal);
        if (abandoned.has(job.id)) return; // given back to the queue at shutdown
        await db
          .updateTable('jobs')
          .set({ status: 'done', finished_at: new Date(), locked_until: null, last_error: null })
          .where('id', '=', job.id)
          .execute();
      } catch (err) {
        if (abandoned.has(job.id)) return;
        const message = err instanceof Error ? err.message : String(err);
        const final = job.attempts >= job.maxAttempts;
        log.warn({ queue, jobId: job.id, attempt: job.attempts, final, err: message }, 'job failed');
        await db
          .updateTable('jobs')
          .set(
            final
              ? { status: 'failed', finished_at: new Date(), locked_until: null, last_error: message }
              : {
                  status: 'queued',
                  locked_until: null,
                  last_error: message,
                  run_after: new Date(Date.now() + retryBaseMs * 2 ** (job.attempts - 1)),
                },
          )
          .where('id', '=', job.id)
          .execute();
        if (final) throw Object.assign(new Error(message), { finalFailure: true, job });
      } finally {
        clearInterval(renew);
        runningIds.delete(job.id);
      }
    }

    async function drain(): Promise<number> {
      let count = 0;
      while (!stopped && running.size < concurrency) {
        const job = await claim(queue, leaseMs);
        if (!job) break;
        count++;
        const p = runOne(job)
          .catch(() => undefined)
          .finally(() => running.delete(p));
        running.add(p);
      }
      await Promise.all([...running]);
      return count;
    }

    let timer: NodeJS.Timeout | null = null;
    const loop = async () => {
      if (stopped) return;
      await drain().catch((err: Error) => log.warn({ queue, err: err.message }, 'job poll failed'));
      if (!stopped) timer = setTimeout(loop, pollMs);
    };
    if (opts.pollMs !== 0) timer = setTimeout(loop, 0);

    return {
      drain,
      async stop() {
        stopped = true;
        if (timer) clearTimeout(timer);
        const all = Promise.all([...running]);
        if (stopDeadline === null) return void (await all);
        const late = !(await finishesWithin(all, Math.max(0, stopDeadline - Date.now())));
        if (!late || runningIds.size === 0) return;
        // Out of time: hand the unfinished jobs back (the attempt is not counted) so another process,
        // or this one after restart, runs them at once instead of after the lease expires.
        const ids = [...runningIds];
        for (const id of ids) abandoned.add(id);
        controller.abort();
        await db
          .updateTable('jobs')
          .set({ status: 'queued', locked_until: null, attempts: sql`greatest(attempts - 1, 0)` })
          .where('id', 'in', ids)
          .where('status', '=', 'running')
          .execute()
          .catch((err: Error) => log.warn({ queue, err: err.message }, 'could not give jobs back at shutdown'));
        log.warn({ queue, jobIds: ids }, 'shutdown: unfinished jobs went back to the queue');
      },
    };
  }

  return {
    enqueue,
    work,
    claim,
    /** From now on, workers' stop() waits at most `ms` for running jobs (then gives them back). */
    shutdownWithin(ms: number) {
      stopDeadline = Date.now() + ms;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
