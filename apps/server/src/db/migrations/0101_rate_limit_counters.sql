-- Request rate limits shared by every server process: one row per limited route and
-- caller (IP or user), counting hits in a fixed window that ends at `expires_at`. UNLOGGED: the
-- counters are worth nothing after a crash, and skipping the WAL keeps the per-request upsert cheap.
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_expires_at ON rate_limit_counters (expires_at);
