import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/pool';
import type { MonitorsTable } from '../../db/schema';
import { HISTOGRAM_SIZE, bucketOf } from './rollup-histogram';

/** A monitor claimed for a check: the table's columns the checker needs (types from db/schema.ts). */
export type ClaimedMonitor = Pick<
  Selectable<MonitorsTable>,
  | 'id'
  | 'publisher_id'
  | 'site_id'
  | 'name'
  | 'url'
  | 'method'
  | 'interval_seconds'
  | 'timeout_seconds'
  | 'retries'
  | 'accepted_status_codes'
  | 'keyword'
  | 'keyword_mode'
  | 'cert_expiry_days'
  | 'follow_redirects'
  | 'status'
  | 'consecutive_failures'
  | 'cert_warning'
  | 'next_check_at'
>;

export interface CompletedCheck {
  monitorId: string;
  owner: string;
  slot: Date;
  next: Date;
  at: Date;
  ok: boolean;
  httpStatus: number | null;
  totalMs: number;
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  firstByteMs: number | null;
  keywordFound: boolean | null;
  certExpiresAt: Date | null;
  error: string | null;
  status: string;
  consecutiveFailures: number;
  certWarning: boolean;
}

const int = (v: number | null) => (v === null ? null : Math.round(v));

/** Scheduler SQL: claim due slots under a lease, complete them exactly once, roll up, expire. */
export function monitorScheduleRepo(db: Db) {
  return {
    /**
     * Leases up to `limit` monitors due within `lookaheadMs`. SKIP LOCKED plus the lease make two
     * processes take disjoint sets; an expired lease (crashed process) makes the slot claimable again.
     */
    async claimDue(owner: string, limit: number, lookaheadMs: number, leaseSlackSeconds: number): Promise<ClaimedMonitor[]> {
      const res = await sql<ClaimedMonitor>`
        UPDATE monitors m
        SET lease_owner = ${owner}, lease_until = now() + make_interval(secs => m.timeout_seconds + ${leaseSlackSeconds})
        FROM (
          SELECT id FROM monitors
          WHERE NOT paused
            AND next_check_at <= now() + make_interval(secs => ${lookaheadMs / 1000})
            AND (lease_until IS NULL OR lease_until < now())
            -- Not while the publisher's uptime.monitoring flag is off (override, else the default;
            -- as booleanFlag reads it). Skipped slots stay due, so turning it on resumes at once.
            AND COALESCE(
              (SELECT o.value FROM feature_flag_overrides o WHERE o.flag_key = 'uptime.monitoring' AND o.publisher_id = monitors.publisher_id),
              (SELECT f.default_value FROM feature_flags f WHERE f.key = 'uptime.monitoring')
            ) IS DISTINCT FROM 'false'::jsonb
          ORDER BY next_check_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ) due
        WHERE m.id = due.id
        RETURNING m.id, m.publisher_id, m.site_id, m.name, m.url, m.method, m.interval_seconds, m.timeout_seconds, m.retries,
          m.accepted_status_codes, m.keyword, m.keyword_mode, m.cert_expiry_days, m.follow_redirects, m.status,
          m.consecutive_failures, m.cert_warning, m.next_check_at`.execute(db);
      return res.rows;
    },
    /**
     * Moves the monitor to its next slot and stores the result, only if this owner still holds
     * that very slot: a late completion after a takeover, an edit or a delete stores nothing.
     */
    async complete(c: CompletedCheck): Promise<boolean> {
      const moved = await db
        .updateTable('monitors')
        .set({
          next_check_at: c.next,
          lease_owner: null,
          lease_until: null,
          status: c.status,
          consecutive_failures: c.consecutiveFailures,
          cert_warning: c.certWarning,
          last_check_at: c.at,
          last_response_ms: int(c.totalMs),
          last_error: c.error,
          ...(c.certExpiresAt ? { cert_expires_at: c.certExpiresAt } : {}),
        })
        .where('id', '=', c.monitorId)
        .where('lease_owner', '=', c.owner)
        // Slots are whole milliseconds in JS; the column may hold microseconds.
        .where(sql<Date>`date_trunc('milliseconds', next_check_at)`, '=', c.slot)
        .returning('id')
        .executeTakeFirst();
      if (!moved) return false;
      const inserted = await db
        .insertInto('monitor_results')
        .values({
          monitor_id: c.monitorId,
          scheduled_at: c.slot,
          at: c.at,
          ok: c.ok,
          http_status: c.httpStatus,
          total_ms: Math.round(c.totalMs),
          dns_ms: int(c.dnsMs),
          connect_ms: int(c.connectMs),
          tls_ms: int(c.tlsMs),
          first_byte_ms: int(c.firstByteMs),
          keyword_found: c.keywordFound,
          cert_expires_at: c.certExpiresAt,
          error: c.error,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('monitor_id')
        .executeTakeFirst();
      if (!inserted) return false;
      const b = bucketOf(c.totalMs);
      const hist = new Array<number>(HISTOGRAM_SIZE).fill(0);
      hist[b] = 1;
      for (const grain of ['hour', 'day'] as const) {
        await sql`
          INSERT INTO monitor_rollups (monitor_id, grain, bucket, checks, up_checks, sum_ms, histogram)
          VALUES (${c.monitorId}, ${grain}, date_trunc(${grain}, ${c.at}::timestamptz, 'UTC'), 1, ${c.ok ? 1 : 0},
            ${Math.round(c.totalMs)}, ${hist}::int[])
          ON CONFLICT (monitor_id, grain, bucket) DO UPDATE SET
            checks = monitor_rollups.checks + 1,
            up_checks = monitor_rollups.up_checks + excluded.up_checks,
            sum_ms = monitor_rollups.sum_ms + excluded.sum_ms,
            histogram[${sql.raw(String(b + 1))}] = monitor_rollups.histogram[${sql.raw(String(b + 1))}] + 1`.execute(db);
      }
      return true;
    },
    /** Retention: raw results after `rawBefore`, rollups after `rollupBefore` (bounded batches). */
    async expire(rawBefore: Date, rollupBefore: Date, batch = 10_000): Promise<{ raw: number; rollups: number }> {
      const raw = await sql`
        DELETE FROM monitor_results WHERE ctid IN (SELECT ctid FROM monitor_results WHERE at < ${rawBefore} LIMIT ${batch})`.execute(db);
      const rollups = await sql`
        DELETE FROM monitor_rollups WHERE ctid IN (SELECT ctid FROM monitor_rollups WHERE bucket < ${rollupBefore} LIMIT ${batch})`.execute(
        db,
      );
      return { raw: Number(raw.numAffectedRows ?? 0), rollups: Number(rollups.numAffectedRows ?? 0) };
    },
  };
}
