-- Monitor alerts: every monitor state change that is e-mailed, per publisher. Counted
-- across all scheduler processes (under a per-publisher advisory lock), so that when many monitors
-- change at once the changes over the threshold are held and sent as one digest instead of a storm.
CREATE TABLE monitor_alerts (
  id bigserial PRIMARY KEY,
  publisher_id text NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  event jsonb NOT NULL,
  -- Lower-cased, de-duplicated: the monitor's notifyEmails and the publisher's own users.
  recipients text[] NOT NULL,
  held boolean NOT NULL,
  digested_at timestamptz
);
CREATE INDEX monitor_alerts_recent ON monitor_alerts (publisher_id, at);
CREATE INDEX monitor_alerts_held ON monitor_alerts (publisher_id, id) WHERE held AND digested_at IS NULL;
