-- The hosted ads.txt / app-ads.txt as served: rendered once (own lines plus the required lines
-- they lack) in the worker threads when its inputs change, so an anonymous GET reads bytes and
-- never parses a 2 MiB revision on the event loop (modules/adstxt/hosted-file.service.ts).
-- inputs_key names what it was rendered from (latest revision id, md5 of the template, the
-- publisher's ids): a GET whose current key differs renders it again, so a new template or a
-- changed AppNexus id is served at once. etag is the strong validator of content's bytes.
CREATE TABLE adstxt_hosted_files (
  domain_id text PRIMARY KEY REFERENCES adstxt_domains (id) ON DELETE CASCADE,
  inputs_key text NOT NULL,
  etag text NOT NULL,
  content text NOT NULL,
  rendered_at timestamptz NOT NULL DEFAULT now()
);
