-- Raw /mp event retention: the usage.retention job deletes events older than
-- USAGE_RAW_RETENTION_DAYS in bounded batches by receipt time; this index makes each batch a range
-- read instead of a scan of the whole table. The rollups (0053, 0055, 0057) keep the history.
CREATE INDEX tracking_events_received_at_idx ON tracking_events (received_at);
