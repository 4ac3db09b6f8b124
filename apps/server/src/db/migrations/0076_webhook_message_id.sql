-- A redelivery is the same message again. `message_id` is what receivers see as
-- `webhook-id` (and the envelope's `id`): the same on every retry and on every redelivery of an
-- event, so a receiver that de-duplicates on it processes the event once. `id` stays the log row.
ALTER TABLE webhook_deliveries ADD COLUMN message_id uuid;
UPDATE webhook_deliveries SET message_id = id;
ALTER TABLE webhook_deliveries ALTER COLUMN message_id SET NOT NULL;
CREATE INDEX webhook_deliveries_message_idx ON webhook_deliveries (message_id);
