-- A durable job queue on PostgreSQL: workers claim with FOR UPDATE SKIP LOCKED and hold a lease
-- they renew while running; a crashed worker's lease runs out and another claims the job again.
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  queue text NOT NULL,
  payload jsonb NOT NULL,
  -- Same key while a job is pending: enqueueing it again returns the existing job.
  dedupe_key text,
  status text NOT NULL DEFAULT 'queued', -- queued | running | done | failed
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 3,
  run_after timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_claim_idx ON jobs (queue, status, run_after);
CREATE UNIQUE INDEX jobs_dedupe_idx ON jobs (queue, dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('queued', 'running');

ALTER TABLE report_jobs ADD COLUMN job_id uuid REFERENCES jobs (id) ON DELETE SET NULL;
ALTER TABLE report_jobs ADD COLUMN row_count integer;
ALTER TABLE report_jobs ADD COLUMN seen_at timestamptz;
