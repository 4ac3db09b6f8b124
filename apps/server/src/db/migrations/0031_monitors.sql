-- Uptime monitors. The schedule lives here, not in any process's memory: every
-- monitor has its next slot (`next_check_at`) and a lease, so any number of server processes
-- share the work and a restart neither loses nor repeats a slot.
CREATE TABLE monitors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  publisher_id text NOT NULL REFERENCES publishers(id),
  site_id text REFERENCES sites(id),
  name text NOT NULL,
  url text NOT NULL,
  method text NOT NULL DEFAULT 'GET' CHECK (method IN ('GET', 'HEAD', 'POST')),
  interval_seconds integer NOT NULL CHECK (interval_seconds BETWEEN 30 AND 86400),
  timeout_seconds integer NOT NULL CHECK (timeout_seconds BETWEEN 1 AND 60),
  retries integer NOT NULL DEFAULT 0 CHECK (retries BETWEEN 0 AND 10),
  accepted_status_codes text[] NOT NULL DEFAULT '{200-299}',
  keyword text,
  keyword_mode text NOT NULL DEFAULT 'contains' CHECK (keyword_mode IN ('contains', 'absent')),
  cert_expiry_days integer NOT NULL DEFAULT 14,
  follow_redirects boolean NOT NULL DEFAULT true,
  notify_emails text[] NOT NULL DEFAULT '{}',
  webhook_url text,
  paused boolean NOT NULL DEFAULT false,
  -- State written by the checker.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'up', 'down')),
  consecutive_failures integer NOT NULL DEFAULT 0,
  cert_warning boolean NOT NULL DEFAULT false,
  last_check_at timestamptz,
  last_response_ms integer,
  last_error text,
  cert_expires_at timestamptz,
  -- Scheduler: the slot this monitor is due at, and who holds it while checking.
  next_check_at timestamptz NOT NULL,
  lease_owner text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX monitors_publisher ON monitors (publisher_id, created_at);
CREATE INDEX monitors_due ON monitors (next_check_at) WHERE NOT paused;

-- Raw results, one per slot: the primary key makes a doubled check impossible to store.
CREATE TABLE monitor_results (
  monitor_id uuid NOT NULL REFERENCES monitors(id) ON DELETE CASCADE,
  scheduled_at timestamptz NOT NULL,
  at timestamptz NOT NULL,
  ok boolean NOT NULL,
  http_status integer,
  total_ms integer NOT NULL,
  dns_ms integer,
  connect_ms integer,
  tls_ms integer,
  first_byte_ms integer,
  keyword_found boolean,
  cert_expires_at timestamptz,
  error text,
  PRIMARY KEY (monitor_id, scheduled_at)
);
CREATE INDEX monitor_results_at ON monitor_results (at);

-- Hourly and daily rollups: counts plus a fixed response-time histogram (bucket bounds in
-- monitors/rollup-buckets.ts), so uptime and percentiles over a year read at most 365 rows.
CREATE TABLE monitor_rollups (
  monitor_id uuid NOT NULL REFERENCES monitors(id) ON DELETE CASCADE,
  grain text NOT NULL CHECK (grain IN ('hour', 'day')),
  bucket timestamptz NOT NULL,
  checks integer NOT NULL,
  up_checks integer NOT NULL,
  sum_ms bigint NOT NULL,
  histogram integer[] NOT NULL,
  PRIMARY KEY (monitor_id, grain, bucket)
);
CREATE INDEX monitor_rollups_bucket ON monitor_rollups (grain, bucket);
