import { every, type PeriodicTask } from '../../../lib/jobs/every';
import type { Logger } from 'pino';
import type { SellersJsonService } from './sellers-json.service';

// Often enough for the first retries of an unreadable file (5 and 10 minutes after it failed).
const CHECK_EVERY_MS = 5 * 60_000;

/**
 * Every 5 minutes, queue a sellers.json refresh for each advertising system not read in a day, with
 * sellers never looked up, or unreadable and past its back-off. The queue's dedupe key keeps one pending refresh per system however
 * many server processes run this loop; the schedule itself is the files' `fetched_at` in PostgreSQL.
 */
export function scheduleSellersJsonRefresh(service: SellersJsonService, log: Logger): PeriodicTask {
  return every({ firstAfterMs: 30_000, everyMs: CHECK_EVERY_MS, log, failure: 'sellers.json scheduling failed' }, async () => {
    const n = await service.queueDue();
    if (n) log.info({ systems: n }, 'sellers.json refreshes queued');
  });
}
