-- Staff adjustments of a payment: each line with its reason, shown on the
-- statement; payments.adjustments keeps their sum so amounts stay a single row read.
CREATE TABLE payment_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payment_id uuid NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  amount numeric(14, 2) NOT NULL CHECK (amount <> 0),
  reason text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_adjustments_payment ON payment_adjustments (payment_id, created_at);
