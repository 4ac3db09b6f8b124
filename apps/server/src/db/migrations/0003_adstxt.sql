-- Ads.txt: one row per site domain, crawl results, the provider-wide required-lines template,
-- and revisions of the provider-hosted file.
CREATE TABLE adstxt_template (
  id boolean PRIMARY KEY DEFAULT true CHECK (id), -- a single row
  content text NOT NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO adstxt_template (content) VALUES (
'# Required by Partners Center: keep these lines in your ads.txt
partners-center.example, {publisher_id}, DIRECT
appnexus.com, {appnexus_marketplace_id}, RESELLER, f5ab79cb980f11d1
appnexus.com, {appnexus_direct_id}, DIRECT, f5ab79cb980f11d1
exchange.partners-center.example, {pub_an_id}, RESELLER');

CREATE TABLE adstxt_domains (
  id text PRIMARY KEY,
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  site_id text REFERENCES sites (id) ON DELETE SET NULL,
  domain_name text NOT NULL UNIQUE,
  hosted_enabled boolean NOT NULL DEFAULT false,
  redirection_status text NOT NULL DEFAULT 'not_set_up', -- not_set_up | pending | verified | broken
  redirection_reason text,
  redirection_checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX adstxt_domains_publisher_idx ON adstxt_domains (publisher_id);

CREATE TABLE adstxt_crawls (
  id bigserial PRIMARY KEY,
  domain_id text NOT NULL REFERENCES adstxt_domains (id) ON DELETE CASCADE,
  status text NOT NULL, -- ok | not_found | error
  http_status integer,
  redirect_chain jsonb NOT NULL DEFAULT '[]',
  final_url text,
  content text,
  content_hash text,
  error_reason text,
  used_previous boolean NOT NULL DEFAULT false,
  stale boolean NOT NULL DEFAULT false,
  fetched_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX adstxt_crawls_domain_idx ON adstxt_crawls (domain_id, fetched_at DESC);

CREATE TABLE adstxt_revisions (
  id bigserial PRIMARY KEY,
  domain_id text NOT NULL REFERENCES adstxt_domains (id) ON DELETE CASCADE,
  content text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  lines_added integer NOT NULL DEFAULT 0,
  lines_removed integer NOT NULL DEFAULT 0,
  warnings integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX adstxt_revisions_domain_idx ON adstxt_revisions (domain_id, id DESC);
