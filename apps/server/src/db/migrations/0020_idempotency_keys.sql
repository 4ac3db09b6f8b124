-- The server honours the Idempotency-Key header on writes. The first answer to a key is
-- kept here (per user, so one user's key never replays another's answer) and a repeat of the key
-- gets that answer back without running the write again. A row without completed_at is a request
-- still in progress; rows older than a day are no longer honoured and are pruned.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status_code integer,
  content_type text,
  body bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
