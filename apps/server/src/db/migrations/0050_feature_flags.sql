-- Feature flags: a definition per feature with one of the spec's four shapes, a default
-- value and optional per-publisher overrides. Other areas add their flag definitions in their own
-- migrations (INSERT ... ON CONFLICT (key) DO NOTHING) and read them through featureFlags.flagValue.
CREATE TABLE feature_flags (
  key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_.-]{0,63}$'),
  shape text NOT NULL CHECK (shape IN ('BOOLEAN', 'LIMIT', 'SET', 'EXTENSION')),
  description text NOT NULL DEFAULT '',
  beta boolean NOT NULL DEFAULT false,
  -- Shows the "new" badge while today <= showNewFeaturesUntil (app configuration).
  marked_new boolean NOT NULL DEFAULT false,
  default_value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE feature_flag_overrides (
  flag_key text NOT NULL REFERENCES feature_flags (key) ON DELETE CASCADE,
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  value jsonb NOT NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (flag_key, publisher_id)
);
CREATE INDEX feature_flag_overrides_publisher_idx ON feature_flag_overrides (publisher_id);

-- Plan limits other areas read (monitors, blocking rules); defaults match today's behaviour.
INSERT INTO feature_flags (key, shape, description, beta, marked_new, default_value) VALUES
  ('blocking_rules.max_rules', 'LIMIT', 'Most blocking rules a publisher can keep', false, false, '200'),
  ('uptime.max_monitors', 'LIMIT', 'Most uptime monitors a publisher can keep', false, true, '10'),
  ('uptime.check_intervals', 'SET', 'Check intervals (minutes) a publisher can choose', false, true, '["5","15","60"]'),
  ('payments.statements', 'BOOLEAN', 'Payment statements as PDF and CSV', false, false, 'true'),
  ('reports.history_extension_days', 'EXTENSION', 'Extra days of report history beyond the standard range', true, false, '0')
ON CONFLICT (key) DO NOTHING;
