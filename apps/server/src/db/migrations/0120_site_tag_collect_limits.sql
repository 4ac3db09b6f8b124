-- Site-tag collection limits (site-tag.limits.ts): token buckets per site key and per client
-- address, shared by every server process. Each process spends from its own copy and adds what it
-- spent here once a second in one statement, getting back what is left for all processes together.
-- UNLOGGED like rate_limit_counters (0101): worth nothing after a crash, and no WAL per sync.
CREATE UNLOGGED TABLE site_tag_rate_buckets (
  key text PRIMARY KEY,
  tokens double precision NOT NULL,
  -- The bucket's refill per second and size, as the process that last spent from it was set.
  rate double precision NOT NULL,
  burst double precision NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX site_tag_rate_buckets_updated_at ON site_tag_rate_buckets (updated_at);

-- Events refused by those limits, per site and UTC day: shown beside the site's audience figures.
CREATE TABLE site_tag_refused_events (
  site_id text NOT NULL,
  day date NOT NULL,
  events bigint NOT NULL,
  PRIMARY KEY (site_id, day)
);
