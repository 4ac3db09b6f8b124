-- The first-party site tag. Each site gets an unguessable public key used in
-- /t/<key>.js; the first event received for a site stamps event_tracker_data_received_at
-- (the spec's eventTrackerDataReceived).
ALTER TABLE sites ADD COLUMN tag_key text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX sites_tag_key_idx ON sites (tag_key);
ALTER TABLE sites ADD COLUMN event_tracker_data_received_at timestamptz;

-- Daily-rotating salt for unique-visitor hashes (as Plausible does): in PostgreSQL so every
-- process hashes the same visitor alike on a day; old salts are deleted so a day's hashes can no
-- longer be recomputed from an IP address.
CREATE TABLE site_tag_salts (
  day date PRIMARY KEY,
  salt text NOT NULL
);
