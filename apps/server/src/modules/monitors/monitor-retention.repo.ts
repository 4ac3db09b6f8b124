import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/** SQL of the per-publisher raw-result retention (monitor-retention.ts). */
export function monitorRetentionRepo(db: Db) {
  return {
    /** Every publisher with monitors: their ids and how far its retention has been applied. */
    async publishers(): Promise<{ publisherId: string; monitorIds: string[]; purgedBefore: Date | null }[]> {
      const rows = await db
        .selectFrom('monitors as m')
        .leftJoin('monitor_retention_progress as p', 'p.publisher_id', 'm.publisher_id')
        .select(['m.publisher_id', 'p.purged_before', sql<string[]>`array_agg(m.id)`.as('ids')])
        .groupBy(['m.publisher_id', 'p.purged_before'])
        .execute();
      return rows.map((r) => ({ publisherId: r.publisher_id, monitorIds: r.ids, purgedBefore: r.purged_before }));
    },
    /**
     * Deletes the monitors' results scheduled in [from, to), `batch` rows a statement: each batch
     * is found through the primary key (monitor_id, scheduled_at) in the partitions of those days
     * only, so the cost follows the rows removed, not the table's size.
     */
    async deleteRange(monitorIds: readonly string[], from: Date, to: Date, batch: number): Promise<number> {
      let deleted = 0;
      for (;;) {
        const res = await sql`
          DELETE FROM monitor_results WHERE (monitor_id, scheduled_at) IN (
            SELECT monitor_id, scheduled_at FROM monitor_results
            WHERE monitor_id = ANY(${monitorIds}::uuid[]) AND scheduled_at >= ${from} AND scheduled_at < ${to} LIMIT ${batch})`.execute(db);
        const n = Number(res.numAffectedRows ?? 0);
        deleted += n;
        if (n < batch) return deleted;
      }
    },
    async setPurgedBefore(publisherId: string, before: Date): Promise<void> {
      await db
        .insertInto('monitor_retention_progress')
        .values({ publisher_id: publisherId, purged_before: before })
        .onConflict((oc) => oc.column('publisher_id').doUpdateSet({ purged_before: before }))
        .execute();
    },
  };
}
