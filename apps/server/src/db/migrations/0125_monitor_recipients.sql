-- Outside recipients of monitor alerts confirm first: an address that is not one of the publisher's
-- users gets a one-time link (its SHA-256 stored, never the token) and receives alerts only once it
-- has confirmed, so a monitor cannot relay mail with publisher-written text to any address.
CREATE TABLE monitor_recipients (
  publisher_id text NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
  -- Lower-cased.
  email text NOT NULL,
  token_hash text UNIQUE,
  requested_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  PRIMARY KEY (publisher_id, email)
);

-- Addresses already on monitors are waiting for confirmation, with no link yet: the next save of
-- such a monitor sends one. Until then they get no alerts (the publisher's users still do).
INSERT INTO monitor_recipients (publisher_id, email, token_hash)
SELECT DISTINCT m.publisher_id, lower(e), NULL::text
FROM monitors m, unnest(m.notify_emails) AS e
WHERE NOT EXISTS (
  SELECT 1 FROM users u
  WHERE lower(u.email) = lower(e) AND NOT u.disabled
    AND m.publisher_id = ANY (string_to_array(replace(u.publisher_scope, ' ', ''), ','))
)
ON CONFLICT DO NOTHING;
