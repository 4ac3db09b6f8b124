-- Report data loads: one row per ingestion of report facts into the analytics
-- engine, whatever started it (the CLI, the demo generator), so the console can show the last load
-- per source, its rows, and the rejected rows with their reasons. Nothing is ever half applied: a
-- file with bad rows is rejected whole (status 'rejected'), an engine failure is 'failed'.
CREATE TABLE report_ingest_runs (
  id bigserial PRIMARY KEY,
  report_type text NOT NULL CHECK (report_type IN ('revenue', 'recirculation')),
  source text NOT NULL,
  via text NOT NULL CHECK (via IN ('cli', 'demo', 'api')),
  status text NOT NULL CHECK (status IN ('applied', 'rejected', 'failed')),
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  rows_applied integer NOT NULL DEFAULT 0,
  days_replaced integer NOT NULL DEFAULT 0,
  rejected_rows integer NOT NULL DEFAULT 0,
  -- The first reasons (line + message), capped by the writer: enough to fix the file.
  errors jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX report_ingest_runs_recent ON report_ingest_runs (finished_at DESC);
CREATE INDEX report_ingest_runs_source ON report_ingest_runs (report_type, source, finished_at DESC);
