import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/**
 * One report ingestion at a time, across every process on the database (CLI runs, servers): a
 * PostgreSQL session advisory lock. Two concurrent loads of overlapping files would otherwise race
 * on "replace each (publisher, day)" and the last writer would silently win. The lock lives as long
 * as the session, so a killed ingest (kill -9, lost connection) releases it by itself: no lease to
 * expire, no stale row to clean up.
 */
export const INGEST_LOCK = { classId: 0x7063, objectId: 11 } as const; // 'pc'

/** Refusal because another ingestion holds the lock; the CLI prints the message and exits non-zero. */
export class IngestLockedError extends Error {}

export async function withIngestLock<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  // One pinned connection: a session advisory lock belongs to the connection that took it.
  return db.connection().execute(async (conn) => {
    const { classId, objectId } = INGEST_LOCK;
    const taken = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${classId}::int, ${objectId}::int) as ok`.execute(conn);
    if (!taken.rows[0]?.ok) {
      const holder = await sql<{ pid: number; since: Date | null; app: string | null }>`
        select a.pid, a.backend_start as since, a.application_name as app
        from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.classid = ${classId}::int and l.objid = ${objectId}::int and l.granted
        limit 1`.execute(conn);
      const h = holder.rows[0];
      const who = h ? ` (database session ${h.pid}${h.since ? `, connected ${h.since.toISOString()}` : ''})` : '';
      throw new IngestLockedError(
        `Another report ingestion is running${who}. Nothing was loaded: wait until it finishes, then run this again.`,
      );
    }
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${classId}::int, ${objectId}::int)`.execute(conn).catch(() => undefined);
    }
  });
}
