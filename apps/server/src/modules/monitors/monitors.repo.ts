import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/pool';
import type { MonitorsTable } from '../../db/schema';

/** What a monitor form sets: the table's own columns, so the types are written once (db/schema.ts). */
export type MonitorValues = Pick<
  Selectable<MonitorsTable>,
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
  | 'notify_emails'
>;

const COLUMNS = [
  'm.id',
  'm.publisher_id',
  'p.name as publisher_name',
  'm.site_id',
  's.name as site_name',
  'm.name',
  'm.url',
  'm.method',
  'm.interval_seconds',
  'm.timeout_seconds',
  'm.retries',
  'm.accepted_status_codes',
  'm.keyword',
  'm.keyword_mode',
  'm.cert_expiry_days',
  'm.follow_redirects',
  'm.notify_emails',
  'm.paused',
  'm.status',
  'm.consecutive_failures',
  'm.cert_warning',
  'm.last_check_at',
  'm.last_response_ms',
  'm.last_error',
  'm.cert_expires_at',
  'm.next_check_at',
  'm.created_at',
  'm.updated_at',
] as const;

export interface RollupRow {
  monitor_id: string;
  bucket: Date;
  checks: number;
  up_checks: number;
  sum_ms: string;
  histogram: number[];
}

/** SQL only; rules live in monitors.service.ts, scheduling SQL in monitor-schedule.repo.ts. */
export function monitorsRepo(db: Db) {
  const base = () =>
    db
      .selectFrom('monitors as m')
      .innerJoin('publishers as p', 'p.id', 'm.publisher_id')
      .leftJoin('sites as s', 's.id', 'm.site_id')
      .select(COLUMNS);
  return {
    async list(publisherId: string | null, f: { q?: string; status?: string } = {}, limit = 2000) {
      let q = base();
      if (publisherId) q = q.where('m.publisher_id', '=', publisherId);
      if (f.q) {
        const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) => eb.or([eb('m.name', 'ilike', like), eb('m.url', 'ilike', like)]));
      }
      if (f.status === 'paused') q = q.where('m.paused', '=', true);
      else if (f.status) q = q.where('m.paused', '=', false).where('m.status', '=', f.status);
      return q.orderBy('m.name').orderBy('m.id').limit(limit).execute();
    },
    async get(id: string) {
      return base().where('m.id', '=', id).executeTakeFirst();
    },
    async count(publisherId: string): Promise<number> {
      const row = await db
        .selectFrom('monitors')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('publisher_id', '=', publisherId)
        .executeTakeFirstOrThrow();
      return row.n;
    },
    async insert(publisherId: string, v: MonitorValues, firstCheckAt: Date): Promise<string> {
      const row = await db
        .insertInto('monitors')
        .values({ ...v, publisher_id: publisherId, next_check_at: firstCheckAt, updated_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** A changed interval or URL takes effect at the next slot `nextCheckAt` (the caller decides). */
    async update(id: string, v: MonitorValues, nextCheckAt: Date | null): Promise<void> {
      await db
        .updateTable('monitors')
        .set({
          ...v,
          updated_at: new Date(),
          ...(nextCheckAt ? { next_check_at: nextCheckAt } : {}),
        })
        .where('id', '=', id)
        .execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('monitors').where('id', '=', id).execute();
    },
    /**
     * Pause/resume; resuming starts again from "pending" with a fresh slot: `resumeAt`, or with
     * 'spread' each monitor's own random point of its interval, so monitors resumed together are
     * not all checked in the same second (and stay apart, as each next slot follows the last).
     * Returns the ids changed.
     */
    async setPaused(publisherId: string, ids: string[], paused: boolean, resumeAt: Date | 'spread'): Promise<string[]> {
      if (ids.length === 0) return [];
      const slot = resumeAt === 'spread' ? sql<Date>`now() + make_interval(secs => 1 + random() * interval_seconds)` : resumeAt;
      const rows = await db
        .updateTable('monitors')
        .set(
          paused
            ? { paused: true, updated_at: new Date() }
            : { paused: false, status: 'pending', consecutive_failures: 0, next_check_at: slot, updated_at: new Date() },
        )
        .where('publisher_id', '=', publisherId)
        .where('id', 'in', ids)
        .where('paused', '=', !paused)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },
    async rollups(monitorIds: string[], grain: 'hour' | 'day', from: Date): Promise<RollupRow[]> {
      if (monitorIds.length === 0) return [];
      return db
        .selectFrom('monitor_rollups')
        .select(['monitor_id', 'bucket', 'checks', 'up_checks', 'sum_ms', 'histogram'])
        .where('monitor_id', 'in', monitorIds)
        .where('grain', '=', grain)
        .where('bucket', '>=', from)
        .orderBy('bucket')
        .execute() as Promise<RollupRow[]>;
    },
    /** The latest raw results, none scheduled before `since` (the publisher's retention). */
    async recentResults(monitorId: string, limit: number, since: Date) {
      return db
        .selectFrom('monitor_results')
        .selectAll()
        .where('monitor_id', '=', monitorId)
        .where('scheduled_at', '>=', since)
        .orderBy('scheduled_at', 'desc')
        .limit(limit)
        .execute();
    },
    /** The monitor's incidents: the scheduler reports them under `monitor:<id>` keys. */
    async downCount(publisherId: string): Promise<{ down: number; total: number }> {
      const row = await db
        .selectFrom('monitors')
        .select([
          sql<number>`count(*) FILTER (WHERE status = 'down' AND NOT paused)::int`.as('down'),
          sql<number>`count(*)::int`.as('total'),
        ])
        .where('publisher_id', '=', publisherId)
        .executeTakeFirstOrThrow();
      return row;
    },
  };
}
export type MonitorsRepo = ReturnType<typeof monitorsRepo>;
export type MonitorRow = NonNullable<Awaited<ReturnType<MonitorsRepo['get']>>>;
