-- Four eyes on payouts (modules/payments/payout-approval.ts). Who entered the bank details now on
-- file, and when details on file were last replaced by different ones (a first set-up replaces
-- nothing). Rows written before this migration have neither: no payout waits on them.
ALTER TABLE payment_settings
  ADD COLUMN bank_set_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN bank_replaced_at timestamptz;

-- One row per staff approval of a pending payment; a hold clears them. The bank version is the
-- bank_replaced_at the approver saw, so approvals given before another change do not count.
CREATE TABLE payment_approvals (
  payment_id uuid NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  approved_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  bank_version timestamptz,
  approved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (payment_id, approved_by)
);
