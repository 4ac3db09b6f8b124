import { every, type PeriodicTask } from '../../../lib/jobs/every';
import type { Logger } from 'pino';
import type { Db } from '../../../db/pool';
import type { JobRecord } from '../../../lib/jobs/job-queue';
import { scanRevenue, type RevenueScanDeps } from './revenue-scan';
import { revenueScansRepo } from './revenue-scans.repo';
import { publishersOfPayload, queueRevenueScans, type RevenueScanPayload } from './revenue-scan-queue';

export { REVENUE_SCAN_QUEUE, SCAN_BATCH, queueRevenueScans, type RevenueScanPayload } from './revenue-scan-queue';

const CHECK_EVERY_MS = 60 * 60_000;
/** Scan jobs run at once per process: one waits on PostgreSQL while the other reads the fact store. */
export const SCAN_CONCURRENCY = 2;
/** A publisher whose yesterday had no facts yet is tried again after this long. */
const RETRY_AFTER_MINUTES = 60;

/** One scheduling step: a scan for each publisher whose yesterday is not judged yet; returns how many. */
export async function queueDueRevenueScans(db: Db): Promise<number> {
  const due = await revenueScansRepo(db).due(RETRY_AFTER_MINUTES);
  await queueRevenueScans(db, due);
  return due.length;
}

/**
 * Every hour, the publishers whose yesterday has not been judged: the safety net for facts that
 * came without a load the portal saw. Loads themselves queue their scans at once.
 */
export function scheduleRevenueScans(db: Db, log: Logger): PeriodicTask {
  return every({ firstAfterMs: 30_000, everyMs: CHECK_EVERY_MS, log, failure: 'revenue scan scheduling failed' }, async () => {
    const n = await queueDueRevenueScans(db);
    if (n) log.info({ publishers: n }, 'revenue scans queued');
  });
}

export function revenueScanHandler(deps: RevenueScanDeps, log: Logger) {
  return async (job: JobRecord<RevenueScanPayload | { publisherId: string }>) => {
    for (const outcome of await scanRevenue(deps, publishersOfPayload(job.payload))) {
      if (outcome.raised.length || outcome.resolved.length)
        log.info(
          { publisherId: outcome.publisherId, day: outcome.day, raised: outcome.raised, resolved: outcome.resolved },
          'revenue scan',
        );
    }
  };
}
