-- The Idempotency-Key claim is marked inside the write's own transaction, so "the write
-- committed" and "the key is spent" can never disagree. A claim with write_committed_at set is never
-- taken over as abandoned: a retry after a crash between the commit and storing the answer does not
-- run the write again.
ALTER TABLE idempotency_keys ADD COLUMN write_committed_at timestamptz;
