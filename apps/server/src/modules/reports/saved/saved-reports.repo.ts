import { sql } from 'kysely';
import type { Db } from '../../../db/pool';

export interface SavedReportRow {
  id: string;
  publisher_id: string;
  owner_user_id: string;
  owner_email: string;
  name: string;
  report_type: string;
  shared: boolean;
  view: unknown;
  updated_at: Date;
  frequency: string | null;
  format: string | null;
  paused: boolean | null;
  paused_reason: string | null;
  next_run_at: Date | null;
  last_run_at: Date | null;
  last_status: string | null;
  last_error: string | null;
}

export interface DueSchedule {
  saved_report_id: string;
  frequency: string;
  format: string;
  next_run_at: Date;
  publisher_id: string;
  owner_user_id: string;
  report_type: string;
  view: unknown;
  time_zone: string | null;
  name: string;
  owner_email: string;
  owner_disabled: boolean;
  owner_scope: string;
  owner_admin: boolean;
}

/** Saved reports, their schedules and runs, and the reporting time zone (SQL only). */
export function savedReportsRepo(db: Db) {
  const withSchedule = () =>
    db
      .selectFrom('saved_reports as r')
      .innerJoin('users as u', 'u.id', 'r.owner_user_id')
      .leftJoin('report_schedules as s', 's.saved_report_id', 'r.id')
      .select([
        'r.id',
        'r.publisher_id',
        'r.owner_user_id',
        'u.email as owner_email',
        'r.name',
        'r.report_type',
        'r.shared',
        'r.view',
        'r.updated_at',
        's.frequency',
        's.format',
        's.paused',
        's.paused_reason',
        's.next_run_at',
      ])
      // The last run and the status of the export it made.
      .select((eb) => [
        eb
          .selectFrom('report_schedule_runs as x')
          .select('x.due_at')
          .whereRef('x.saved_report_id', '=', 'r.id')
          .orderBy('x.due_at', 'desc')
          .limit(1)
          .as('last_run_at'),
        eb
          .selectFrom('report_schedule_runs as x')
          .innerJoin('report_jobs as j', 'j.id', 'x.report_job_id')
          .select('j.status')
          .whereRef('x.saved_report_id', '=', 'r.id')
          .orderBy('x.due_at', 'desc')
          .limit(1)
          .as('last_status'),
        eb
          .selectFrom('report_schedule_runs as x')
          .innerJoin('report_jobs as j', 'j.id', 'x.report_job_id')
          .select('j.error')
          .whereRef('x.saved_report_id', '=', 'r.id')
          .orderBy('x.due_at', 'desc')
          .limit(1)
          .as('last_error'),
      ]);

  return {
    /** The user's own reports and the ones shared with the publisher's team. */
    list(publisherId: string, userId: string, reportType: string | undefined): Promise<SavedReportRow[]> {
      let q = withSchedule()
        .where('r.publisher_id', '=', publisherId)
        .where((eb) => eb.or([eb('r.owner_user_id', '=', userId), eb('r.shared', '=', true)]));
      if (reportType) q = q.where('r.report_type', '=', reportType);
      return q.orderBy('r.name').limit(500).execute() as Promise<SavedReportRow[]>;
    },
    /** One report the user may see within the publisher (own or shared), else undefined. */
    findVisible(id: string, publisherId: string, userId: string): Promise<SavedReportRow | undefined> {
      return withSchedule()
        .where('r.id', '=', id)
        .where('r.publisher_id', '=', publisherId)
        .where((eb) => eb.or([eb('r.owner_user_id', '=', userId), eb('r.shared', '=', true)]))
        .executeTakeFirst() as Promise<SavedReportRow | undefined>;
    },
    async insert(r: { publisherId: string; ownerId: string; name: string; reportType: string; shared: boolean; view: unknown }) {
      const row = await db
        .insertInto('saved_reports')
        .values({
          publisher_id: r.publisherId,
          owner_user_id: r.ownerId,
          name: r.name,
          report_type: r.reportType,
          shared: r.shared,
          view: JSON.stringify(r.view),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id: string, r: { name: string; reportType: string; shared: boolean; view: unknown }): Promise<void> {
      await db
        .updateTable('saved_reports')
        .set({ name: r.name, report_type: r.reportType, shared: r.shared, view: JSON.stringify(r.view), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('saved_reports').where('id', '=', id).execute();
    },
    async upsertSchedule(id: string, s: { frequency: string; format: string; paused: boolean; nextRunAt: Date }): Promise<void> {
      await db
        .insertInto('report_schedules')
        .values({ saved_report_id: id, frequency: s.frequency, format: s.format, paused: s.paused, next_run_at: s.nextRunAt })
        .onConflict((oc) =>
          oc
            .column('saved_report_id')
            .doUpdateSet({ frequency: s.frequency, format: s.format, paused: s.paused, next_run_at: s.nextRunAt, paused_reason: null }),
        )
        .execute();
    },
    async removeSchedule(id: string): Promise<void> {
      await db.deleteFrom('report_schedules').where('saved_report_id', '=', id).execute();
    },
    /**
     * Due schedules, locked for this transaction; SKIP LOCKED lets another process take the rest
     * instead of waiting, and never the same row.
     */
    async lockDue(now: Date, limit: number): Promise<DueSchedule[]> {
      const rows = await sql<DueSchedule>`
        SELECT s.saved_report_id, s.frequency, s.format, s.next_run_at, r.publisher_id, r.owner_user_id, r.report_type, r.view,
               rs.time_zone, r.name, u.email AS owner_email, u.disabled AS owner_disabled, u.publisher_scope AS owner_scope,
               u.admin_access AS owner_admin
        FROM report_schedules s
        JOIN saved_reports r ON r.id = s.saved_report_id
        JOIN users u ON u.id = r.owner_user_id
        LEFT JOIN report_settings rs ON rs.publisher_id = r.publisher_id
        WHERE NOT s.paused AND s.next_run_at <= ${now}
        ORDER BY s.next_run_at
        LIMIT ${limit}
        FOR UPDATE OF s SKIP LOCKED`.execute(db);
      return rows.rows;
    },
    /** Records a due run; false when it already exists (it was queued before). */
    async insertRun(id: string, dueAt: Date): Promise<boolean> {
      const r = await db
        .insertInto('report_schedule_runs')
        .values({ saved_report_id: id, due_at: dueAt, report_job_id: null })
        .onConflict((oc) => oc.doNothing())
        .returning('saved_report_id')
        .executeTakeFirst();
      return r !== undefined;
    },
    async attachRunJob(id: string, dueAt: Date, reportJobId: string): Promise<void> {
      await db
        .updateTable('report_schedule_runs')
        .set({ report_job_id: reportJobId })
        .where('saved_report_id', '=', id)
        .where('due_at', '=', dueAt)
        .execute();
    },
    /** Pauses a schedule the product stopped (not its owner), with the reason the owner sees. */
    async pauseWithReason(id: string, reason: string): Promise<void> {
      await db.updateTable('report_schedules').set({ paused: true, paused_reason: reason }).where('saved_report_id', '=', id).execute();
    },
    async advance(id: string, nextRunAt: Date): Promise<void> {
      await db.updateTable('report_schedules').set({ next_run_at: nextRunAt }).where('saved_report_id', '=', id).execute();
    },
    /** Every schedule of the publisher's saved reports, locked for this transaction. */
    async lockSchedulesOf(publisherId: string): Promise<{ saved_report_id: string; frequency: string; next_run_at: Date }[]> {
      const rows = await sql<{ saved_report_id: string; frequency: string; next_run_at: Date }>`
        SELECT s.saved_report_id, s.frequency, s.next_run_at
        FROM report_schedules s
        JOIN saved_reports r ON r.id = s.saved_report_id
        WHERE r.publisher_id = ${publisherId}
        ORDER BY s.saved_report_id
        FOR UPDATE OF s`.execute(db);
      return rows.rows;
    },
    async timeZoneOf(publisherId: string): Promise<string | null> {
      return (
        (await db.selectFrom('report_settings').select('time_zone').where('publisher_id', '=', publisherId).executeTakeFirst())
          ?.time_zone ?? null
      );
    },
    /** The time zones set by any of `publisherIds` (a publisher that set none is absent). */
    async timeZonesOf(publisherIds: readonly string[]): Promise<Map<string, string>> {
      if (publisherIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('report_settings')
        .select(['publisher_id', 'time_zone'])
        .where('publisher_id', 'in', [...publisherIds])
        .execute();
      return new Map(rows.flatMap((r) => (r.time_zone ? [[r.publisher_id, r.time_zone] as const] : [])));
    },
    async setTimeZone(publisherId: string, timeZone: string): Promise<void> {
      await db
        .insertInto('report_settings')
        .values({ publisher_id: publisherId, time_zone: timeZone })
        .onConflict((oc) => oc.column('publisher_id').doUpdateSet({ time_zone: timeZone, updated_at: new Date() }))
        .execute();
    },
  };
}
export type SavedReportsRepo = ReturnType<typeof savedReportsRepo>;
