import { every, type PeriodicTask } from '../../lib/jobs/every';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../db/pool';
import type { JobHandler, JobQueue } from '../../lib/jobs/job-queue';

export const USAGE_RETENTION_QUEUE = 'usage.retention';
export type UsageRetentionPayload = Record<string, never>;

const DAY_MS = 86_400_000;
const EVERY_MS = 60 * 60_000;
/** Rows per DELETE: short statements and locks however far behind the trim is. */
const BATCH = 10_000;

/**
 * Deletes raw /mp events received before `before`, in batches, and returns how many. The usage
 * rollups are kept by insert triggers only, so they keep the history. Safe to run in several
 * processes at once: each batch deletes whatever rows still exist (SKIP LOCKED skips rows another
 * process is deleting), and the queue's dedupe key means normally only one job runs.
 */
export async function deleteRawUsageEvents(db: Db, before: Date, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await sql`DELETE FROM tracking_events WHERE id IN (
        SELECT id FROM tracking_events WHERE received_at < ${before} ORDER BY received_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)`.execute(
      db,
    );
    const n = Number(r.numAffectedRows ?? 0);
    total += n;
    if (n < batch) return total;
  }
}

/** The job: trims raw events older than `retentionDays`. */
export function usageRetentionHandler(o: { db: Db; retentionDays: number; log: Logger }): JobHandler<UsageRetentionPayload> {
  return async () => {
    const deleted = await deleteRawUsageEvents(o.db, new Date(Date.now() - o.retentionDays * DAY_MS));
    if (deleted) o.log.info({ deleted, retentionDays: o.retentionDays }, 'raw usage events trimmed');
  };
}

/** Queues the trim once an hour; the dedupe key keeps one pending job however many processes run this. */
export function scheduleUsageRetention(jobs: JobQueue, log: Logger): PeriodicTask {
  return every({ firstAfterMs: 30_000, everyMs: EVERY_MS, log, failure: 'usage retention scheduling failed' }, () =>
    jobs.enqueue<UsageRetentionPayload>(USAGE_RETENTION_QUEUE, {}, { dedupeKey: 'usage-retention', maxAttempts: 3 }),
  );
}
