import type { Db } from '../../db/pool';

export interface ReportJobRow {
  id: string;
  user_id: string;
  publisher_id: string;
  report_type: string;
  delivery: string;
  format: string;
  request: unknown;
  status: string;
  file_path: string | null;
  date_from: string;
  date_to: string;
}

const columns = [
  'id',
  'user_id',
  'publisher_id',
  'report_type',
  'delivery',
  'format',
  'request',
  'status',
  'file_path',
  'date_from',
  'date_to',
] as const;

export function reportsRepo(db: Db) {
  return {
    async insertJob(j: {
      userId: string;
      publisherId: string;
      reportType: string;
      delivery: 'file' | 'email';
      format: 'csv' | 'xlsx';
      request: unknown;
      dateFrom: string;
      dateTo: string;
    }): Promise<string> {
      const row = await db
        .insertInto('report_jobs')
        .values({
          user_id: j.userId,
          publisher_id: j.publisherId,
          report_type: j.reportType,
          delivery: j.delivery,
          format: j.format,
          request: JSON.stringify(j.request),
          date_from: j.dateFrom,
          date_to: j.dateTo,
          file_path: null,
          error: null,
          finished_at: null,
          job_id: null,
          row_count: null,
          seen_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async attachQueueJob(id: string, jobId: string): Promise<void> {
      await db.updateTable('report_jobs').set({ job_id: jobId }).where('id', '=', id).execute();
    },
    findJob(id: string): Promise<ReportJobRow | undefined> {
      return db.selectFrom('report_jobs').select(columns).where('id', '=', id).executeTakeFirst();
    },
    /** Only the owner, within the checked publisher, may see or download an export. */
    findOwnedJob(id: string, userId: string, publisherId: string): Promise<ReportJobRow | undefined> {
      return db
        .selectFrom('report_jobs')
        .select(columns)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('publisher_id', '=', publisherId)
        .executeTakeFirst();
    },
    async markRunning(id: string): Promise<void> {
      await db.updateTable('report_jobs').set({ status: 'running' }).where('id', '=', id).where('status', '!=', 'done').execute();
    },
    async markDone(id: string, filePath: string, rowCount: number, announce: boolean): Promise<void> {
      await db
        .updateTable('report_jobs')
        .set({ status: 'done', file_path: filePath, row_count: rowCount, is_new: announce, finished_at: new Date(), error: null })
        .where('id', '=', id)
        .execute();
    },
    async markFailed(id: string, error: string): Promise<void> {
      await db.updateTable('report_jobs').set({ status: 'failed', error, finished_at: new Date() }).where('id', '=', id).execute();
    },
    async markSeen(id: string): Promise<void> {
      await db.updateTable('report_jobs').set({ is_new: false, seen_at: new Date() }).where('id', '=', id).execute();
    },
    /** The caller's exported reports for one publisher, newest first (the spec's report list). */
    listJobs(userId: string, publisherId: string) {
      return db
        .selectFrom('report_jobs')
        .select(['id', 'report_type', 'is_new', 'status', 'format', 'delivery', 'created_at', 'date_from', 'date_to'])
        .where('user_id', '=', userId)
        .where('publisher_id', '=', publisherId)
        .orderBy('created_at', 'desc')
        .limit(200)
        .execute();
    },
    async userEmail(userId: string): Promise<string | undefined> {
      return (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email;
    },
    async publisherName(publisherId: string): Promise<string | undefined> {
      return (await db.selectFrom('publishers').select('name').where('id', '=', publisherId).executeTakeFirst())?.name;
    },
  };
}
export type ReportsRepo = ReturnType<typeof reportsRepo>;
