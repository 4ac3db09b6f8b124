import { createHash } from 'node:crypto';
import type { Db } from '../../../db/pool';
import { enqueueJob } from '../../../lib/jobs/job-queue';

/**
 * Queuing revenue scans, apart from running them (revenue-scan.job.ts): what a load and the demo
 * seed need, without the scan's dependencies.
 */
export const REVENUE_SCAN_QUEUE = 'revenue-scan';
/**
 * Publishers per scan job: one engine read serves them all (a read per publisher was most of the
 * scan's time), and a failed job retries no more than this many.
 */
export const SCAN_BATCH = 100;

export interface RevenueScanPayload {
  publisherIds: string[];
}

/** The publishers of a job's payload, also of a job queued before scans were batched ({ publisherId }). */
export function publishersOfPayload(payload: RevenueScanPayload | { publisherId: string }): string[] {
  return 'publisherIds' in payload ? payload.publisherIds : [payload.publisherId];
}

/** The same publishers queued twice are one job: a second load or tick before the scan ran adds nothing. */
const dedupeKeyOf = (ids: readonly string[]) =>
  ids.length === 1 ? ids[0]! : `batch:${createHash('sha256').update(ids.join('\n')).digest('hex').slice(0, 32)}`;

/**
 * A scan of each publisher, in jobs of SCAN_BATCH: after a revenue load, of each publisher whose
 * days it replaced (the job runs in whichever server process works the queue; a CLI load queues it
 * for the server), and every hour of those not judged yet.
 */
export async function queueRevenueScans(db: Db, publisherIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(publisherIds)].sort();
  for (let i = 0; i < ids.length; i += SCAN_BATCH) {
    const batch = ids.slice(i, i + SCAN_BATCH);
    await enqueueJob<RevenueScanPayload>(
      db,
      REVENUE_SCAN_QUEUE,
      { publisherIds: batch },
      { dedupeKey: dedupeKeyOf(batch), maxAttempts: 3 },
    );
  }
}
