import { sql } from 'kysely';
import { shiftDays, type ReportDay } from '@pc/contracts';
import type { Db } from '../../../db/pool';

export interface ScanMark {
  publisherId: string;
  day: ReportDay;
}

/** The daily revenue scan's SQL: its progress per publisher. */
export function revenueScansRepo(db: Db) {
  return {
    /** Judged: each publisher's `day` is its last judged day. */
    async recordScans(marks: readonly ScanMark[]): Promise<void> {
      if (marks.length === 0) return;
      await db
        .insertInto('revenue_scans')
        .values(marks.map((m) => ({ publisher_id: m.publisherId, last_day: m.day })))
        .onConflict((oc) => oc.column('publisher_id').doUpdateSet({ last_day: sql`excluded.last_day`, scanned_at: sql<Date>`now()` }))
        .execute();
    },

    /**
     * Scans that found no loaded day to judge: tried now, judged nothing newer than before (a
     * first scan records the day before `day`, so `day` stays due).
     */
    async recordTries(marks: readonly ScanMark[]): Promise<void> {
      if (marks.length === 0) return;
      await db
        .insertInto('revenue_scans')
        .values(marks.map((m) => ({ publisher_id: m.publisherId, last_day: shiftDays(m.day, -1) })))
        .onConflict((oc) => oc.column('publisher_id').doUpdateSet({ scanned_at: sql<Date>`now()` }))
        .execute();
    },

    /**
     * Publishers whose yesterday (in their reporting time zone) has not been judged yet and that
     * were not tried in the last `retryAfterMinutes`: their facts may have come since.
     */
    async due(retryAfterMinutes: number): Promise<string[]> {
      const rows = await sql<{ id: string }>`
        SELECT p.id
        FROM publishers p
        LEFT JOIN report_settings rs ON rs.publisher_id = p.id
        LEFT JOIN revenue_scans s ON s.publisher_id = p.id
        WHERE s.publisher_id IS NULL
           OR (s.last_day < (now() AT TIME ZONE coalesce(rs.time_zone, 'UTC'))::date - 1
               AND s.scanned_at < now() - make_interval(mins => ${retryAfterMinutes}))
        ORDER BY p.id`.execute(db);
      return rows.rows.map((r) => r.id);
    },
  };
}
