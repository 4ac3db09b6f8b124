-- Raw uptime results partitioned by UTC day of their slot, so retention drops a whole day's
-- partition (instant, no dead rows to vacuum) instead of deleting rows in batches that could
-- not keep up with 10,000 monitors at 60 s (14.4 M rows a day). The scheduler creates each day's
-- partition days ahead and drops those older than the window (monitors/monitor-results-partitions.ts).
ALTER TABLE monitor_results RENAME TO monitor_results_legacy;
ALTER INDEX monitor_results_pkey RENAME TO monitor_results_legacy_pkey;
DROP INDEX monitor_results_at;

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
) PARTITION BY RANGE (scheduled_at);
-- Rows outside every day's partition (a clock far off, results written before their day was
-- created): kept, and deleted in batches by the same retention pass.
CREATE TABLE monitor_results_default PARTITION OF monitor_results DEFAULT;

DO $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  d date;
BEGIN
  -- Existing results stay where they are (no copy of a large table): the old table becomes the
  -- partition of everything before tomorrow, dropped whole once that day leaves the window.
  IF EXISTS (SELECT 1 FROM monitor_results_legacy) THEN
    EXECUTE format('ALTER TABLE monitor_results ATTACH PARTITION monitor_results_legacy FOR VALUES FROM (MINVALUE) TO (%L)',
      ((today + 1)::timestamp AT TIME ZONE 'UTC'));
    d := today + 1;
  ELSE
    DROP TABLE monitor_results_legacy;
    d := today - 1;
  END IF;
  WHILE d <= today + 3 LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF monitor_results FOR VALUES FROM (%L) TO (%L)',
      'monitor_results_p' || to_char(d, 'YYYYMMDD'), (d::timestamp AT TIME ZONE 'UTC'), ((d + 1)::timestamp AT TIME ZONE 'UTC'));
    d := d + 1;
  END LOOP;
END $$;
