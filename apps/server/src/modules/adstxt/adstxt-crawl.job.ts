import { every, type PeriodicTask } from '../../lib/jobs/every';
import type { Logger } from 'pino';
import type { Db } from '../../db/pool';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { adsTxtRepo } from './adstxt.repo';

export const ADSTXT_CRAWL_QUEUE = 'adstxt-crawl';
export interface AdsTxtCrawlPayload {
  publisherId: string;
  domainId: string;
}

const DAY_MS = 86_400_000;
const CHECK_EVERY_MS = 15 * 60_000;

/**
 * Every 15 minutes, queue a crawl for each domain not crawled in the last day. The dedupe key keeps
 * one pending crawl per domain however many server processes run this loop.
 */
export function scheduleDailyCrawls(db: Db, jobs: JobQueue, log: Logger): PeriodicTask {
  return every({ firstAfterMs: 10_000, everyMs: CHECK_EVERY_MS, log, failure: 'ads.txt crawl scheduling failed' }, async () => {
    const queued = await queueDueCrawls(db, jobs);
    if (queued) log.info({ domains: queued }, 'ads.txt crawls queued');
  });
}

/** One scheduling step: a crawl job for each domain whose last crawl is older than a day; returns how many were due. */
export async function queueDueCrawls(db: Db, jobs: JobQueue, now = new Date()): Promise<number> {
  const due = await adsTxtRepo(db).allDomainsDueForCrawl(new Date(now.getTime() - DAY_MS));
  for (const d of due)
    await jobs.enqueue<AdsTxtCrawlPayload>(
      ADSTXT_CRAWL_QUEUE,
      { publisherId: d.publisher_id, domainId: d.id },
      { dedupeKey: d.id, maxAttempts: 2 },
    );
  return due.length;
}
