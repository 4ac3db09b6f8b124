-- App developer domains are claims: a domain that is another publisher's site, or that another
-- publisher already claims, waits for proof (a token in its hosted file or a DNS TXT record) or a
-- staff decision before anything is served for it (modules/adstxt/app-domain-claims.service.ts).
-- At most one active row per domain and kind serves; every publisher may hold one claim per domain.
ALTER TABLE adstxt_domains
  ADD COLUMN claim_status text NOT NULL DEFAULT 'active' CHECK (claim_status IN ('active', 'pending', 'rejected')),
  -- How the active claim was granted; a proof or a staff decision outranks an unproven claim.
  ADD COLUMN claim_method text CHECK (claim_method IN ('first_claim', 'site_owner', 'hosted_file', 'dns_txt', 'staff')),
  ADD COLUMN claim_token text,
  -- The staff decision's reason, or why an active claim was set back to pending.
  ADD COLUMN claim_note text,
  ADD COLUMN claim_checked_at timestamptz,
  ADD COLUMN claim_requested_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE adstxt_domains DROP CONSTRAINT adstxt_domains_domain_kind_key;
CREATE UNIQUE INDEX adstxt_domains_active_key ON adstxt_domains (domain_name, kind) WHERE claim_status = 'active';
CREATE UNIQUE INDEX adstxt_domains_claimant_key ON adstxt_domains (domain_name, kind, publisher_id);
CREATE INDEX adstxt_domains_open_claims_idx ON adstxt_domains (claim_requested_at) WHERE claim_status <> 'active';

-- Rows from before: a site's row is its owner's; an app row on another publisher's site domain
-- (and not on one of its own sites) was never proven and now waits for proof or staff like a new one.
UPDATE adstxt_domains SET claim_method = CASE WHEN kind = 'web' THEN 'site_owner' ELSE 'first_claim' END WHERE claim_status = 'active';
UPDATE adstxt_domains d
SET claim_status = 'pending',
    claim_method = NULL,
    claim_token = replace(gen_random_uuid()::text, '-', ''),
    claim_note = 'This domain is the site of another partner: prove it or wait for staff.'
WHERE d.kind = 'app'
  AND EXISTS (SELECT 1 FROM sites s WHERE lower(s.domain) = d.domain_name AND s.publisher_id <> d.publisher_id)
  AND NOT EXISTS (SELECT 1 FROM sites s WHERE lower(s.domain) = d.domain_name AND s.publisher_id = d.publisher_id);
