-- Per-publisher keys for the blocking-rules serving feed. Only the SHA-256 of the
-- secret is kept; the secret is shown once on creation. A key reads its own publisher's feed only.
CREATE TABLE blocking_feed_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  publisher_id text NOT NULL REFERENCES publishers(id),
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid
);
CREATE INDEX blocking_feed_keys_publisher ON blocking_feed_keys (publisher_id, created_at DESC);
