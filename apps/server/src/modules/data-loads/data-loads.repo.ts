import type { DataLoadsQuery } from '@pc/contracts';
import type { Db } from '../../db/pool';

export interface NewIngestRun {
  reportType: 'revenue' | 'recirculation';
  source: string;
  via: 'cli' | 'demo' | 'api';
  status: 'applied' | 'rejected' | 'failed';
  startedAt: Date;
  rowsApplied: number;
  daysReplaced: number;
  rejectedRows: number;
  errors: { line: number; message: string }[];
}

const COLUMNS = [
  'id',
  'report_type',
  'source',
  'via',
  'status',
  'started_at',
  'finished_at',
  'rows_applied',
  'days_replaced',
  'rejected_rows',
  'errors',
] as const;

/** SQL only: the log of report fact ingestions. */
export function dataLoadsRepo(db: Db) {
  return {
    async record(r: NewIngestRun): Promise<void> {
      await db
        .insertInto('report_ingest_runs')
        .values({
          report_type: r.reportType,
          source: r.source,
          via: r.via,
          status: r.status,
          started_at: r.startedAt,
          rows_applied: r.rowsApplied,
          days_replaced: r.daysReplaced,
          rejected_rows: r.rejectedRows,
          errors: JSON.stringify(r.errors),
        })
        .execute();
    },
    async list(q: DataLoadsQuery) {
      let s = db.selectFrom('report_ingest_runs').select(COLUMNS).orderBy('finished_at', 'desc').orderBy('id', 'desc').limit(q.limit);
      if (q.reportType) s = s.where('report_type', '=', q.reportType);
      if (q.status) s = s.where('status', '=', q.status);
      return s.execute();
    },
    /** The newest run of each report type. */
    async latestPerReportType() {
      return db
        .selectFrom('report_ingest_runs')
        .select(COLUMNS)
        .distinctOn('report_type')
        .orderBy('report_type')
        .orderBy('finished_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
  };
}
export type DataLoadRow = Awaited<ReturnType<ReturnType<typeof dataLoadsRepo>['list']>>[number];
