-- sellers.json cross-check. Per advertising system: the state of its
-- sellers.json (with the HTTP validators for conditional requests), and the sellers we need to
-- know about: the account ids of ads.txt records for that system. Only those are kept, so a
-- sellers.json of hundreds of megabytes costs a few rows, not millions.
CREATE TABLE sellers_json_files (
  system_domain text PRIMARY KEY,
  status text NOT NULL, -- ok | not_found | error | malformed | too_large
  reason text,
  etag text,
  last_modified text,
  seller_count integer,
  issues jsonb NOT NULL DEFAULT '[]',
  fetched_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sellers_json_sellers (
  system_domain text NOT NULL,
  seller_id text NOT NULL,
  state text NOT NULL DEFAULT 'pending', -- pending | found | not_found
  seller_type text,
  seller_domain text,
  seller_name text,
  is_confidential boolean NOT NULL DEFAULT false,
  checked_at timestamptz,
  PRIMARY KEY (system_domain, seller_id)
);
CREATE INDEX sellers_json_sellers_pending_idx ON sellers_json_sellers (system_domain) WHERE state = 'pending';
