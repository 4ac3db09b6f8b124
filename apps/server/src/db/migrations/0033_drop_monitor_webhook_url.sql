-- The per-monitor webhook address was stored but never used; monitor events go to the
-- publisher's signed webhook subscriptions (Integrations). The API still accepts `webhookUrl: null`
-- from old clients and answers 400 for an address (packages/contracts/src/monitors.ts).
ALTER TABLE monitors DROP COLUMN webhook_url;
