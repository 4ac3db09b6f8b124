// Reports: settings, saved reports, schedules, exports, data loads: Kysely row types of these tables (the SQL lives in migrations/).
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, Json } from './columns';

export interface ReportSettingsTable {
  publisher_id: string;
  time_zone: string;
  updated_at: Generated<Date>;
}

export interface SavedReportsTable {
  id: Generated<string>;
  publisher_id: string;
  owner_user_id: string;
  name: string;
  report_type: string;
  shared: boolean;
  view: Json;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ReportSchedulesTable {
  saved_report_id: string;
  frequency: string;
  format: string;
  paused: boolean;
  next_run_at: Timestamp;
  created_at: Generated<Date>;
  paused_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ReportScheduleRunsTable {
  saved_report_id: string;
  due_at: Timestamp;
  report_job_id: string | null;
  created_at: Generated<Date>;
}

export interface ReportJobsTable {
  id: Generated<string>;
  user_id: string;
  publisher_id: string;
  report_type: string;
  delivery: Generated<string>;
  format: Generated<string>;
  request: Json;
  status: Generated<string>;
  is_new: Generated<boolean>;
  file_path: string | null;
  error: string | null;
  date_from: ColumnType<string, string, string>;
  date_to: ColumnType<string, string, string>;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
  job_id: string | null;
  row_count: number | null;
  seen_at: Timestamp | null;
}

// Report data loads (one row per ingestion into the analytics engine).
export interface ReportIngestRunsTable {
  id: Generated<string>;
  report_type: string;
  source: string;
  via: string;
  status: string;
  started_at: Date;
  finished_at: Generated<Date>;
  rows_applied: number;
  days_replaced: number;
  rejected_rows: number;
  errors: ColumnType<unknown, string, string>;
}

/** The daily revenue scan's last judged day per publisher (reports/anomalies/). */
export interface RevenueScansTable {
  publisher_id: string;
  last_day: ColumnType<string, string, string>;
  scanned_at: Generated<Date>;
}

export interface ReportsTables {
  report_settings: ReportSettingsTable;
  saved_reports: SavedReportsTable;
  report_schedules: ReportSchedulesTable;
  report_schedule_runs: ReportScheduleRunsTable;
  report_jobs: ReportJobsTable;
  report_ingest_runs: ReportIngestRunsTable;
  revenue_scans: RevenueScansTable;
}
