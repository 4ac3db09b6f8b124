-- Plans whose features and limits are feature-flag values. Choosing a plan writes its
-- values as the publisher's flag overrides (feature_flag_overrides), so every module that reads a
-- flag (blocking rules, monitors, API keys) follows the plan at once.
INSERT INTO feature_flags (key, shape, description, beta, marked_new, default_value) VALUES
  ('integrations.max_api_keys', 'LIMIT', 'Most active reporting API keys a publisher can keep', false, true, '5'),
  ('integrations.webhooks', 'BOOLEAN', 'Outgoing webhooks (report ready, incidents, ads.txt, payments)', false, true, 'true'),
  ('data.retention_days', 'LIMIT', 'Days raw monitoring and site-tag data are kept', false, false, '90')
ON CONFLICT (key) DO NOTHING;

CREATE TABLE plans (
  id text PRIMARY KEY,
  name text NOT NULL,
  summary text NOT NULL,
  position int NOT NULL,
  -- flag key -> value in the flag's shape (checked by the service against feature_flags).
  flag_values jsonb NOT NULL
);

-- Growth matches the flags' defaults, so a publisher without a chosen plan is on Growth.
INSERT INTO plans (id, name, summary, position, flag_values) VALUES
  ('starter', 'Starter', 'The essentials for a single site.', 1,
   '{"uptime.max_monitors": 3, "blocking_rules.max_rules": 20, "integrations.max_api_keys": 1, "data.retention_days": 30, "uptime.check_intervals": ["15","60"], "integrations.webhooks": false, "payments.statements": true, "reports.history_extension_days": 0}'),
  ('growth', 'Growth', 'For publishers with several sites and a team.', 2,
   '{"uptime.max_monitors": 10, "blocking_rules.max_rules": 200, "integrations.max_api_keys": 5, "data.retention_days": 90, "uptime.check_intervals": ["5","15","60"], "integrations.webhooks": true, "payments.statements": true, "reports.history_extension_days": 0}'),
  ('enterprise', 'Enterprise', 'Large networks: more monitors, rules, keys and history.', 3,
   '{"uptime.max_monitors": 50, "blocking_rules.max_rules": 1000, "integrations.max_api_keys": 20, "data.retention_days": 395, "uptime.check_intervals": ["1","5","15","60"], "integrations.webhooks": true, "payments.statements": true, "reports.history_extension_days": 365}');

CREATE TABLE publisher_plans (
  publisher_id text PRIMARY KEY REFERENCES publishers (id) ON DELETE CASCADE,
  plan_id text NOT NULL REFERENCES plans (id),
  since timestamptz NOT NULL DEFAULT now(),
  changed_by uuid REFERENCES users (id) ON DELETE SET NULL
);

-- Upgrades are requests staff approve (no payment processing is in scope).
CREATE TABLE plan_change_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  plan_id text NOT NULL REFERENCES plans (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  message text NOT NULL DEFAULT '',
  requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz
);
CREATE UNIQUE INDEX plan_change_requests_one_pending_idx ON plan_change_requests (publisher_id) WHERE status = 'pending';
