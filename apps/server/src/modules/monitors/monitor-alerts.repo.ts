import { sql } from 'kysely';
import type { Db } from '../../db/pool';
import type { MonitorEvent } from './monitor-event';

/**
 * SQL of the alert digest (migration 0032). Callers run inside a transaction and take `lock`
 * first: the per-publisher advisory lock makes the count-then-insert of concurrent scheduler
 * processes (and the digest job's take-all) serial per publisher, never across publishers.
 */
export function monitorAlertsRepo(db: Db) {
  return {
    async lock(publisherId: string): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`monitor-alerts:${publisherId}`}))`.execute(db);
    },
    /** Alerts of the publisher in the last `windowSeconds`, and whether held ones await a digest. */
    async recent(publisherId: string, windowSeconds: number): Promise<{ recent: number; pendingHeld: number }> {
      const row = await db
        .selectFrom('monitor_alerts')
        .select([
          sql<number>`count(*) FILTER (WHERE at > now() - make_interval(secs => ${windowSeconds}))::int`.as('recent'),
          sql<number>`count(*) FILTER (WHERE held AND digested_at IS NULL)::int`.as('pendingHeld'),
        ])
        .where('publisher_id', '=', publisherId)
        .where(sql<boolean>`(at > now() - make_interval(secs => ${windowSeconds}) OR (held AND digested_at IS NULL))`)
        .executeTakeFirstOrThrow();
      return { recent: row.recent, pendingHeld: row.pendingHeld };
    },
    async insert(publisherId: string, event: MonitorEvent, recipients: string[], held: boolean): Promise<void> {
      await db
        .insertInto('monitor_alerts')
        .values({ publisher_id: publisherId, event: JSON.stringify(event), recipients, held })
        .execute();
    },
    /** Marks every held, undigested alert of the publisher as digested and returns them, oldest first. */
    async takeHeld(publisherId: string): Promise<{ event: MonitorEvent; recipients: string[] }[]> {
      const rows = await db
        .updateTable('monitor_alerts')
        .set({ digested_at: sql<Date>`now()` })
        .where('publisher_id', '=', publisherId)
        .where('held', '=', true)
        .where('digested_at', 'is', null)
        .returning(['id', 'event', 'recipients'])
        .execute();
      return rows.sort((a, b) => Number(a.id) - Number(b.id)).map((r) => ({ event: r.event as MonitorEvent, recipients: r.recipients }));
    },
    /** Retention: the counts only look back one window; a day is kept for support questions. */
    async expire(before: Date): Promise<number> {
      const res = await db.deleteFrom('monitor_alerts').where('at', '<', before).where('digested_at', 'is not', null).executeTakeFirst();
      const sent = await db.deleteFrom('monitor_alerts').where('at', '<', before).where('held', '=', false).executeTakeFirst();
      return Number(res.numDeletedRows) + Number(sent.numDeletedRows);
    },
  };
}
