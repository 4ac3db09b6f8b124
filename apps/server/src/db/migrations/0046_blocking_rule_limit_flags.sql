-- Blocking-rule plan limits as feature flags, so the admin console lists them
-- with their defaults and per-publisher overrides like every other flag:
--   blocking_rules.max_rules  (most rules a publisher keeps; first defined by 0050, kept here too)
--   blocking_rules.max_values (most values in one rule; 1000 = the BLOCKING_RULE_MAX_VALUES default)
--
-- This file sorts before 0050_feature_flags.sql, which creates feature_flags. On a database that
-- already has the table (every existing installation) the definitions are inserted now. On a fresh
-- database the table does not exist yet, so a trigger on the migrator's own bookkeeping table
-- inserts them the moment 0050 is recorded as applied (same transaction as 0050). Inserting is
-- idempotent (ON CONFLICT DO NOTHING): an admin's later change to a default is never undone.
CREATE FUNCTION define_blocking_rule_limit_flags() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('feature_flags') IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO feature_flags (key, shape, description, beta, marked_new, default_value) VALUES
    ('blocking_rules.max_rules', 'LIMIT', 'Most blocking rules a publisher can keep', false, false, '200'),
    ('blocking_rules.max_values', 'LIMIT', 'Most values (domains, brands, categories or keywords) in one blocking rule', false, false, '1000')
  ON CONFLICT (key) DO NOTHING;
END
$$;

SELECT define_blocking_rule_limit_flags();

CREATE FUNCTION define_blocking_rule_limit_flags_after_0050() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM define_blocking_rule_limit_flags();
  RETURN NULL;
END
$$;

CREATE TRIGGER schema_migrations_blocking_rule_limit_flags
  AFTER INSERT ON schema_migrations
  FOR EACH ROW WHEN (NEW.name = '0050_feature_flags.sql')
  EXECUTE FUNCTION define_blocking_rule_limit_flags_after_0050();
