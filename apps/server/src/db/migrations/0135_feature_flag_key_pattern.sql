-- New flag names are lower-case dotted segments (packages/contracts/src/feature-flags.ts
-- NewFlagKeySchema), at most 64 characters. NOT VALID: rows written under the older, looser rule
-- stay (they can still be read and deleted); every new or renamed row is checked.
ALTER TABLE feature_flags
  ADD CONSTRAINT feature_flags_key_pattern
  CHECK (key ~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$' AND length(key) <= 64) NOT VALID;
