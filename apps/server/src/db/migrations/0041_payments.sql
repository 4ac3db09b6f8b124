-- Payments: one row per publisher and closed month, created by the month close.
CREATE TABLE month_closes (
  period text PRIMARY KEY CHECK (period ~ '^\d{4}-\d{2}$'),
  closed_by uuid,
  closed_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  publisher_id text NOT NULL REFERENCES publishers(id),
  period text NOT NULL,
  currency text NOT NULL,
  revenue numeric(14, 2) NOT NULL,
  rollover_in numeric(14, 2) NOT NULL DEFAULT 0,
  adjustments numeric(14, 2) NOT NULL DEFAULT 0,
  amount numeric(14, 2) NOT NULL,
  rollover_out numeric(14, 2) NOT NULL DEFAULT 0,
  threshold numeric(14, 2) NOT NULL,
  site_revenue jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'paid', 'on_hold', 'rolled_over')),
  hold_reason text,
  payee_snapshot jsonb,
  approved_at timestamptz,
  approved_by uuid,
  paid_at date,
  method text,
  reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (publisher_id, period)
);
CREATE INDEX payments_period ON payments (period);
