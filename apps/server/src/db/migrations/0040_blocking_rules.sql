-- Blocking rules. Status 'expired' is written by the expiry sweep (with its audit row),
-- so the feed and the list agree and the expiry is in the audit log.
CREATE TABLE blocking_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  publisher_id text NOT NULL REFERENCES publishers(id),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('advertiser_domain', 'brand', 'iab_category', 'keyword')),
  rule_values jsonb NOT NULL,
  -- NULL: every site of the publisher; otherwise a JSON array of site ids.
  site_ids jsonb,
  expires_at date,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'expired')),
  created_by uuid,
  updated_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blocking_rules_publisher ON blocking_rules (publisher_id, updated_at DESC);
CREATE INDEX blocking_rules_expiry ON blocking_rules (expires_at) WHERE status <> 'expired' AND expires_at IS NOT NULL;
CREATE INDEX audit_log_blocking_rule ON audit_log ((details ->> 'ruleId')) WHERE action LIKE 'blocking_rule.%';
