-- Reporting API keys. Only a SHA-256 of the secret is stored (the secret is shown once);
-- a key acts for one publisher, read-only or read-write, and dies with the user who created it.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  access text NOT NULL CHECK (access IN ('read', 'read_write')),
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX api_keys_publisher_idx ON api_keys (publisher_id);
