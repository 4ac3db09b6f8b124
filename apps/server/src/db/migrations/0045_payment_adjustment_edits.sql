-- Staff may correct an adjustment line: who last changed it and when, so the
-- statement and the Payments page can say a line was edited (the audit log keeps the before/after).
ALTER TABLE payment_adjustments ADD COLUMN updated_by uuid, ADD COLUMN updated_at timestamptz;
