-- Payment settings. Bank details live only in bank_ciphertext (AES-256-GCM, key id inside).
CREATE TABLE payment_settings (
  publisher_id text PRIMARY KEY REFERENCES publishers(id),
  method text NOT NULL CHECK (method IN ('bank_transfer', 'paypal')),
  beneficiary_name text NOT NULL,
  payout_currency text NOT NULL,
  vat_number text,
  bank_ciphertext text NOT NULL,
  bank_last4 text NOT NULL,
  threshold numeric(14, 2),
  tax_form bytea,
  tax_form_name text,
  tax_form_size integer,
  tax_form_uploaded_at timestamptz,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now()
);
