-- Outgoing webhooks. A generic delivery log (lib/webhooks) any module can write to
-- (integrations subscriptions, uptime monitors...), and the publishers' integrations subscriptions.

-- One row per event sent to one URL. The exact body is kept so every retry sends the same bytes,
-- and the secret is copied so a retry signs like the first attempt.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  -- Which feature asked for it ('integrations', 'monitors', ...) and its target there.
  source text NOT NULL,
  target_id text,
  url text NOT NULL,
  format text NOT NULL CHECK (format IN ('json', 'slack')),
  secret text,
  event text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled')),
  attempts int NOT NULL DEFAULT 0,
  max_attempts int NOT NULL,
  last_status_code int,
  last_error text,
  last_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_target_idx ON webhook_deliveries (source, target_id, created_at DESC);
CREATE INDEX webhook_deliveries_publisher_idx ON webhook_deliveries (publisher_id, created_at DESC);

CREATE TABLE webhook_delivery_attempts (
  id bigserial PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt int NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  status_code int,
  error text,
  duration_ms int NOT NULL,
  UNIQUE (delivery_id, attempt)
);

-- A publisher's subscription on /integrations: which events go to which URL.
CREATE TABLE webhook_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  name text NOT NULL,
  url text NOT NULL,
  format text NOT NULL CHECK (format IN ('json', 'slack')),
  events text[] NOT NULL,
  -- HMAC needs the raw secret (like any webhook sender); it is shown to the publisher once.
  secret text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX webhook_subscriptions_publisher_idx ON webhook_subscriptions (publisher_id) WHERE deleted_at IS NULL;
