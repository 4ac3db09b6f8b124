-- app-ads.txt: the same management for apps. A publisher's app developer
-- domains are rows of kind 'app', crawled at /app-ads.txt with the same rules; one domain may have
-- both an ads.txt (its website) and an app-ads.txt (its apps).
ALTER TABLE adstxt_domains ADD COLUMN kind text NOT NULL DEFAULT 'web' CHECK (kind IN ('web', 'app'));
ALTER TABLE adstxt_domains DROP CONSTRAINT adstxt_domains_domain_name_key;
ALTER TABLE adstxt_domains ADD CONSTRAINT adstxt_domains_domain_kind_key UNIQUE (domain_name, kind);
