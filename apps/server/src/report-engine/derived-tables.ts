import type { DuckDBConnection } from '@duckdb/node-api';
import { LAYOUT_VERSION } from './duckdb-schema';
import { refreshGroupCounts } from './group-counts';
import { refreshMonthRollups } from './month-rollups';
import { refreshRollups } from './sales-rollups';
import { type ChangedDays, type DayRange } from './changed-days';

async function dayRangeOf(conn: DuckDBConnection, changedDays: string): Promise<DayRange | null> {
  const reader = await conn.runAndReadAll(
    `SELECT strftime(min(date), '%Y-%m-%d') AS f, strftime(max(date), '%Y-%m-%d') AS t FROM ${changedDays}`,
  );
  const row = reader.getRowObjectsJS()[0];
  return row?.f && row.t ? { from: String(row.f), to: String(row.t) } : null;
}

/**
 * Everything derived from the revenue facts (day rollups, their month copies, then the group
 * counts read from the rollups), for the
 * (publisher_id, date) pairs in the table `changedDays`. Call inside the transaction that changed
 * the sales, so readers never see facts and derived tables out of step.
 */
export async function refreshDerived(conn: DuckDBConnection, changed: string | ChangedDays): Promise<void> {
  const days: ChangedDays = typeof changed === 'string' ? { changedDays: changed } : changed;
  const range = await dayRangeOf(conn, days.changedDays);
  if (!range) return;
  await refreshRollups(conn, days, range);
  await refreshMonthRollups(conn, days.changedDays, range);
  await refreshGroupCounts(conn, days, range);
}

/** Rebuilds the derived tables once for a file written before LAYOUT_VERSION. */
export async function ensureLayout(conn: DuckDBConnection): Promise<void> {
  const reader = await conn.runAndReadAll(`SELECT value FROM engine_meta WHERE key = 'layout_version'`);
  const version = Number(reader.getRowObjectsJS()[0]?.value ?? 0);
  if (version >= LAYOUT_VERSION) return;
  await conn.run('BEGIN TRANSACTION');
  try {
    // Request days too: the requests' month copy is derived as well.
    await conn.run(
      'CREATE OR REPLACE TEMP TABLE layout_days AS SELECT publisher_id, date FROM revenue_sales UNION SELECT publisher_id, date FROM revenue_requests',
    );
    await refreshDerived(conn, 'layout_days');
    await conn.run('DROP TABLE layout_days');
    await conn.run(`INSERT OR REPLACE INTO engine_meta (key, value) VALUES ('layout_version', ${LAYOUT_VERSION})`);
    await conn.run('COMMIT');
  } catch (error) {
    await conn.run('ROLLBACK');
    throw error;
  }
}
