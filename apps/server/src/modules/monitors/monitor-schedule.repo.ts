import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/pool';
import type { MonitorsTable } from '../../db/schema';
import { HISTOGRAM_SIZE, bucketOf } from './rollup-histogram';
import { monitorResultsPartitionsRepo } from './monitor-results-partitions.repo';

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

interface RollupRow {
  monitorId: string;
  grain: 'hour' | 'day';
  bucket: Date;
  checks: number;
  upChecks: number;
  sumMs: number;
  histogram: number[];
}

/**
 * The batch's checks summed per (monitor, grain, UTC hour/day): one row per key, because one
 * INSERT ... ON CONFLICT cannot update the same row twice. Sorted, so concurrent batches lock
 * rollup rows in the same order.
 */
export function rollupRows(checks: Pick<CompletedCheck, 'monitorId' | 'at' | 'ok' | 'totalMs'>[]): RollupRow[] {
  const rows = new Map<string, RollupRow>();
  for (const c of checks)
    for (const [grain, size] of [
      ['hour', 3_600_000],
      ['day', 86_400_000],
    ] as const) {
      const bucket = new Date(Math.floor(c.at.getTime() / size) * size);
      const key = `${c.monitorId}|${grain}|${bucket.getTime()}`;
      let row = rows.get(key);
      if (!row) {
        row = {
          monitorId: c.monitorId,
          grain,
          bucket,
          checks: 0,
          upChecks: 0,
          sumMs: 0,
          histogram: new Array<number>(HISTOGRAM_SIZE).fill(0),
        };
        rows.set(key, row);
      }
      row.checks += 1;
      row.upChecks += c.ok ? 1 : 0;
      row.sumMs += Math.round(c.totalMs);
      row.histogram[bucketOf(c.totalMs)]! += 1;
    }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

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
            -- Not while the publisher's uptime.monitoring flag is off (override, else the default:
            -- the rule of entitlements' allows(), inlined because one claim covers thousands of
            -- monitors of many publishers). Skipped slots stay due, so turning it on resumes at once.
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
      return (await monitorScheduleRepo(db).completeMany(c.owner, [c])).has(c.monitorId);
    },
    /**
     * `complete` for a batch in three statements whatever its size (monitors, raw results,
     * rollups), so the write cost per check no longer bounds the scheduler. Returns the monitors
     * whose result was stored; the rest (slot lost to another owner, edited, deleted) store nothing.
     */
    async completeMany(owner: string, checks: CompletedCheck[]): Promise<Set<string>> {
      if (checks.length === 0) return new Set();
      const col = <T>(f: (c: CompletedCheck) => T) => checks.map(f);
      const moved = await sql<{ id: string }>`
        UPDATE monitors m SET
          next_check_at = v.next, lease_owner = NULL, lease_until = NULL, status = v.status,
          consecutive_failures = v.failures, cert_warning = v.cert_warning, last_check_at = v.at,
          last_response_ms = v.total_ms, last_error = v.error, cert_expires_at = COALESCE(v.cert_expires_at, m.cert_expires_at)
        FROM unnest(${col((c) => c.monitorId)}::uuid[], ${col((c) => c.slot)}::timestamptz[], ${col((c) => c.next)}::timestamptz[],
          ${col((c) => c.status)}::text[], ${col((c) => c.consecutiveFailures)}::int[], ${col((c) => c.certWarning)}::boolean[],
          ${col((c) => c.at)}::timestamptz[], ${col((c) => int(c.totalMs))}::int[], ${col((c) => c.error)}::text[],
          ${col((c) => c.certExpiresAt)}::timestamptz[])
          AS v(id, slot, next, status, failures, cert_warning, at, total_ms, error, cert_expires_at)
        WHERE m.id = v.id AND m.lease_owner = ${owner}
          -- Slots are whole milliseconds in JS; the column may hold microseconds.
          AND date_trunc('milliseconds', m.next_check_at) = v.slot
        RETURNING m.id`.execute(db);
      const movedIds = new Set(moved.rows.map((r) => r.id));
      const results = checks.filter((c) => movedIds.has(c.monitorId));
      if (results.length === 0) return new Set();
      const r = <T>(f: (c: CompletedCheck) => T) => results.map(f);
      const inserted = await sql<{ monitor_id: string }>`
        INSERT INTO monitor_results (monitor_id, scheduled_at, at, ok, http_status, total_ms, dns_ms, connect_ms, tls_ms,
          first_byte_ms, keyword_found, cert_expires_at, error)
        SELECT * FROM unnest(${r((c) => c.monitorId)}::uuid[], ${r((c) => c.slot)}::timestamptz[], ${r((c) => c.at)}::timestamptz[],
          ${r((c) => c.ok)}::boolean[], ${r((c) => c.httpStatus)}::int[], ${r((c) => int(c.totalMs))}::int[], ${r((c) => int(c.dnsMs))}::int[],
          ${r((c) => int(c.connectMs))}::int[], ${r((c) => int(c.tlsMs))}::int[], ${r((c) => int(c.firstByteMs))}::int[],
          ${r((c) => c.keywordFound)}::boolean[], ${r((c) => c.certExpiresAt)}::timestamptz[], ${r((c) => c.error)}::text[])
        ON CONFLICT DO NOTHING
        RETURNING monitor_id`.execute(db);
      const stored = new Set(inserted.rows.map((x) => x.monitor_id));
      const rollups = rollupRows(results.filter((c) => stored.has(c.monitorId)));
      if (rollups.length > 0) {
        const u = <T>(f: (x: RollupRow) => T) => rollups.map(f);
        // Histograms travel as array literals: unnest() would flatten a two-dimensional array.
        await sql`
          INSERT INTO monitor_rollups (monitor_id, grain, bucket, checks, up_checks, sum_ms, histogram)
          SELECT id, grain, bucket, checks, up_checks, sum_ms, histogram::int[]
          FROM unnest(${u((x) => x.monitorId)}::uuid[], ${u((x) => x.grain)}::text[], ${u((x) => x.bucket)}::timestamptz[],
            ${u((x) => x.checks)}::int[], ${u((x) => x.upChecks)}::int[], ${u((x) => x.sumMs)}::bigint[], ${u((x) => `{${x.histogram.join(',')}}`)}::text[])
            AS v(id, grain, bucket, checks, up_checks, sum_ms, histogram)
          ON CONFLICT (monitor_id, grain, bucket) DO UPDATE SET
            checks = monitor_rollups.checks + excluded.checks,
            up_checks = monitor_rollups.up_checks + excluded.up_checks,
            sum_ms = monitor_rollups.sum_ms + excluded.sum_ms,
            histogram = ARRAY(
              SELECT COALESCE(a, 0) + COALESCE(b, 0)
              FROM unnest(monitor_rollups.histogram, excluded.histogram) WITH ORDINALITY AS h(a, b, i) ORDER BY i)`.execute(db);
      }
      return stored;
    },
    /**
     * Retention: raw results whose UTC day is before `rawBefore`'s (whole daily partitions dropped,
     * monitor-results-partitions.repo.ts), rollups before `rollupBefore` (bounded batches: about 25
     * rows a monitor a day, far below what a batch a pass removes). Also creates the partitions of
     * the coming days. `raw` counts the rows deleted one by one (not those of dropped days).
     */
    async expire(rawBefore: Date, rollupBefore: Date, batch = 10_000): Promise<{ raw: number; rollups: number }> {
      const partitions = monitorResultsPartitionsRepo(db);
      await partitions.ensure(new Date(), new Date(Date.now() + 3 * 86_400_000));
      const { deleted } = await partitions.expire(rawBefore);
      const rollups = await sql`
        DELETE FROM monitor_rollups WHERE ctid IN (SELECT ctid FROM monitor_rollups WHERE bucket < ${rollupBefore} LIMIT ${batch})`.execute(
        db,
      );
      return { raw: deleted, rollups: Number(rollups.numAffectedRows ?? 0) };
    },
  };
}
