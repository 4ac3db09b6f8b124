import type { Logger } from 'pino';
import type { SellersJsonService } from './sellers-json.service';

const CHECK_EVERY_MS = 15 * 60_000;

/**
 * Every 15 minutes, queue a sellers.json refresh for each advertising system not read in a day (or
 * with sellers never looked up). The queue's dedupe key keeps one pending refresh per system however
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
