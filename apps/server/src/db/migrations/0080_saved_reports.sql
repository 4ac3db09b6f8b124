-- The publisher's reporting time zone, saved report views (private or
-- shared with the publisher's team) and their e-mail schedules.
CREATE TABLE report_settings (
  publisher_id text PRIMARY KEY REFERENCES publishers (id) ON DELETE CASCADE,
  time_zone text NOT NULL DEFAULT 'UTC',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE saved_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  owner_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  report_type text NOT NULL,
  shared boolean NOT NULL DEFAULT false,
  view jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_reports_publisher_idx ON saved_reports (publisher_id, report_type);

-- One schedule per saved report. next_run_at moves forward in the same transaction that queues a
-- run, under FOR UPDATE SKIP LOCKED, so no process skips or doubles a run.
CREATE TABLE report_schedules (
  saved_report_id uuid PRIMARY KEY REFERENCES saved_reports (id) ON DELETE CASCADE,
  frequency text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
  format text NOT NULL DEFAULT 'csv' CHECK (format IN ('csv', 'xlsx')),
  paused boolean NOT NULL DEFAULT false,
  next_run_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_schedules_due_idx ON report_schedules (next_run_at) WHERE NOT paused;

-- One row per due run: the primary key is the "exactly once"; the export it made carries status.
CREATE TABLE report_schedule_runs (
  saved_report_id uuid NOT NULL REFERENCES saved_reports (id) ON DELETE CASCADE,
  due_at timestamptz NOT NULL,
  report_job_id uuid REFERENCES report_jobs (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (saved_report_id, due_at)
);
