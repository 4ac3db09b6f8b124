-- Revenue anomalies open incidents of their own type, so they are filtered, labelled and routed
-- like downtime or ads.txt problems.
ALTER TABLE incidents DROP CONSTRAINT incidents_type_check;
ALTER TABLE incidents ADD CONSTRAINT incidents_type_check
  CHECK (type IN ('downtime', 'certificate', 'adstxt', 'vulnerability', 'other', 'revenue'));

-- The daily revenue scan's progress: the last report day judged for each publisher, so the
-- schedule queues a scan only for publishers with a newer complete day (reports/anomalies/).
CREATE TABLE revenue_scans (
  publisher_id text PRIMARY KEY REFERENCES publishers (id) ON DELETE CASCADE,
  last_day date NOT NULL,
  scanned_at timestamptz NOT NULL DEFAULT now()
);
