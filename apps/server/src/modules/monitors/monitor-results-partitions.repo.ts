import { sql } from 'kysely';
import type { Db } from '../../db/pool';

const DAY_MS = 86_400_000;
/** The UTC day (midnight) a time falls in. */
export const utcDay = (t: Date | number) => new Date(Math.floor(new Date(t).getTime() / DAY_MS) * DAY_MS);
const partitionName = (day: Date) => `monitor_results_p${day.toISOString().slice(0, 10).replace(/-/g, '')}`;

interface Partition {
  name: string;
  /** Null for the default partition; the lower bound is null for MINVALUE (the pre-partitioning table). */
  from: Date | null;
  to: Date | null;
  isDefault: boolean;
}

/** "FOR VALUES FROM ('…') TO ('…')", "FOR VALUES FROM (MINVALUE) TO ('…')" or "DEFAULT". */
function parseBound(name: string, bound: string): Partition {
  if (bound.trim() === 'DEFAULT') return { name, from: null, to: null, isDefault: true };
  const m = /FROM \((?:'([^']+)'|MINVALUE)\) TO \((?:'([^']+)'|MAXVALUE)\)/.exec(bound);
  return {
    name,
    from: m?.[1] ? new Date(m[1]) : null,
    to: m?.[2] ? new Date(m[2]) : null,
    isDefault: false,
  };
}

/**
 * The daily partitions of monitor_results (migration 0146): created ahead, dropped whole once the
 * retention window has passed them, so the cost of retention is one DROP a day whatever the inflow.
 */
export function monitorResultsPartitionsRepo(db: Db) {
  const list = async (): Promise<Partition[]> => {
    const res = await sql<{ name: string; bound: string }>`
      SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'monitor_results'::regclass`.execute(db);
    return res.rows.map((r) => parseBound(r.name, r.bound));
  };
  return {
    list,
    /**
     * Creates the partitions of the UTC days from `from` to `to` (inclusive) that no partition
     * covers yet. Returns the names created.
     */
    async ensure(from: Date, to: Date): Promise<string[]> {
      const existing = await list();
      const created: string[] = [];
      for (let day = utcDay(from); day <= utcDay(to); day = new Date(day.getTime() + DAY_MS)) {
        const end = new Date(day.getTime() + DAY_MS);
        const covered = existing.some((p) => !p.isDefault && (p.from === null || p.from < end) && (p.to === null || p.to > day));
        if (covered) continue;
        // IF NOT EXISTS: another process may create the same day between the list and here.
        await sql`CREATE TABLE IF NOT EXISTS ${sql.id(partitionName(day))} PARTITION OF monitor_results
          FOR VALUES FROM (${sql.lit(day.toISOString())}) TO (${sql.lit(end.toISOString())})`.execute(db);
        created.push(partitionName(day));
      }
      return created;
    },
    /**
     * Retention: partitions wholly before `before`'s UTC day are dropped; rows before that day in
     * a partition that also holds newer ones (the default one, the pre-partitioning table) are
     * deleted in batches until none is left. A result is removed at the first pass after its UTC
     * day left the window: kept at least the window, at most a day longer.
     */
    async expire(before: Date, batch = 50_000): Promise<{ dropped: string[]; deleted: number }> {
      const cutoff = utcDay(before);
      const dropped: string[] = [];
      let deleted = 0;
      for (const p of await list()) {
        if (p.to !== null && p.to <= cutoff) {
          // Unlinks the day's files: no row-by-row delete, nothing left for VACUUM.
          await sql`DROP TABLE ${sql.id(p.name)}`.execute(db);
          dropped.push(p.name);
        } else if (p.isDefault || p.from === null || p.from < cutoff) {
          for (;;) {
            const res = await sql`
              DELETE FROM ${sql.id(p.name)} WHERE ctid IN (
                SELECT ctid FROM ${sql.id(p.name)} WHERE scheduled_at < ${cutoff} LIMIT ${batch})`.execute(db);
            const n = Number(res.numAffectedRows ?? 0);
            deleted += n;
            if (n < batch) break;
          }
        }
      }
      return { dropped, deleted };
    },
    /** Rows and bytes (tables and indexes) of every partition: what the bench prints. */
    async size(): Promise<{ rows: number; bytes: number; partitions: number }> {
      const res = await sql<{ rows: string; bytes: string; partitions: string }>`
        SELECT (SELECT count(*) FROM monitor_results) AS rows,
          COALESCE(sum(pg_total_relation_size(i.inhrelid)), 0) AS bytes, count(*) AS partitions
        FROM pg_inherits i WHERE i.inhparent = 'monitor_results'::regclass`.execute(db);
      const r = res.rows[0]!;
      return { rows: Number(r.rows), bytes: Number(r.bytes), partitions: Number(r.partitions) };
    },
  };
}
