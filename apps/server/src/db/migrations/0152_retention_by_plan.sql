-- Raw monitoring results are kept per publisher for its plan's data.retention_days. Daily
-- partitions hold every publisher's results, so a day's partition is dropped only once the longest
-- retention of any publisher has passed it; a publisher with a shorter retention has its older rows
-- deleted by the scheduler's retention pass (monitors/monitor-retention.ts). This row says up to
-- where that was done, so each pass deletes only what crossed the publisher's cutoff since the last
-- one (a day's rows), not the whole window again.
CREATE TABLE monitor_retention_progress (
  publisher_id text PRIMARY KEY REFERENCES publishers (id) ON DELETE CASCADE,
  -- Results scheduled before this time have been deleted for this publisher's monitors.
  purged_before timestamptz NOT NULL
);
