-- Sign-in brute-force protection: failure counters per account and per
-- account + client address, shared by every server process.
CREATE TABLE sign_in_throttle (
  -- 'a:<e-mail>' (the account from anywhere) or 'ai:<e-mail>|<ip>' (the account from one address)
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until timestamptz
);
CREATE INDEX sign_in_throttle_last_failure_idx ON sign_in_throttle (last_failure_at);
