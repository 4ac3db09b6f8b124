import type { Logger } from 'pino';
import type { SellersJsonService } from './sellers-json.service';

// Often enough for the first retries of an unreadable file (5 and 10 minutes after it failed).
const CHECK_EVERY_MS = 5 * 60_000;

/**
 * Every 5 minutes, queue a sellers.json refresh for each advertising system not read in a day, with
 * sellers never looked up, or unreadable and past its back-off. The queue's dedupe key keeps one pending refresh per system however
 * many server processes run this loop; the schedule itself is the files' `fetched_at` in PostgreSQL.
 */
export function scheduleSellersJsonRefresh(service: SellersJsonService, log: Logger): () => void {
  const run = () =>
    void service
      .queueDue()
      .then((n) => n && log.info({ systems: n }, 'sellers.json refreshes queued'))
      .catch((err: Error) => log.warn({ err: err.message }, 'sellers.json scheduling failed'));
  const first = setTimeout(run, 30_000);
  const timer = setInterval(run, CHECK_EVERY_MS);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
