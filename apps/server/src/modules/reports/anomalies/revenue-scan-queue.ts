import type { Db } from '../../../db/pool';
import { enqueueJob } from '../../../lib/jobs/job-queue';

/**
 * Queuing a revenue scan, apart from running one (revenue-scan.job.ts): what a load and the demo
 * seed need, without the scan's dependencies.
 */
export const REVENUE_SCAN_QUEUE = 'revenue-scan';
export interface RevenueScanPayload {
  publisherId: string;
}

/** One scan per publisher queued or running at a time, however many loads and ticks ask for it. */
export const queueScan = (db: Db, publisherId: string) =>
  enqueueJob<RevenueScanPayload>(db, REVENUE_SCAN_QUEUE, { publisherId }, { dedupeKey: publisherId, maxAttempts: 3 });

/**
 * After a revenue load: a scan of each publisher whose days it replaced, right away (the job runs
 * in whichever server process works the queue; a CLI load queues it for the server).
 */
export async function queueRevenueScans(db: Db, publisherIds: Iterable<string>): Promise<void> {
  for (const id of new Set(publisherIds)) await queueScan(db, id);
}
