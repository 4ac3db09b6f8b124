-- Integrations webhooks. A subscription can be paused without losing its secret and log.
ALTER TABLE webhook_subscriptions
  ADD COLUMN enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
