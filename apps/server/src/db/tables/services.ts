// Services, plans, API keys and webhooks: Kysely row types of these tables (the SQL lives in migrations/).
import type { Generated } from 'kysely';
import type { Timestamp, Json } from './columns';

// Services and activation.
export interface SiteServicesTable {
  site_id: string;
  service_id: string;
  publisher_id: string;
  status: 'NOT_ACTIVATED' | 'PENDING' | 'ACTIVATED';
  requested_at: Timestamp | null;
  requested_by: string | null;
  activated_at: Timestamp | null;
  updated_at: Generated<Date>;
}

export interface DataIntegrationsTable {
  id: Generated<string>;
  publisher_id: string;
  site_id: string;
  data_source: string;
  contact_name: string;
  contact_email: string;
  notes: Generated<string>;
  status: 'INITIATED' | 'CANCELLED' | 'CONFIRMED';
  initiated_at: Generated<Date>;
  initiated_by: string | null;
  cancelled_at: Timestamp | null;
  cancelled_by: string | null;
  confirmed_at: Timestamp | null;
  confirmed_by: string | null;
}

export interface ServiceRequestsTable {
  id: Generated<string>;
  publisher_id: string;
  kind: 'product_demo' | 'data_source';
  service_id: string | null;
  data_source: Generated<string>;
  message: Generated<string>;
  created_by: string | null;
  created_at: Generated<Date>;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  decision_reason: Generated<string>;
  decided_by: string | null;
  decided_at: Timestamp | null;
}

// Plans.
export interface PlansTable {
  id: string;
  name: string;
  summary: string;
  position: number;
  flag_values: Json<Record<string, unknown>>;
}

export interface PublisherPlansTable {
  publisher_id: string;
  plan_id: string;
  since: Generated<Date>;
  changed_by: string | null;
}

export interface PlanChangeRequestsTable {
  id: Generated<string>;
  publisher_id: string;
  plan_id: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  message: Generated<string>;
  requested_by: string | null;
  requested_at: Generated<Date>;
  decided_by: string | null;
  decided_at: Timestamp | null;
  decision_reason: Generated<string>;
}

// Reporting API keys.
export interface ApiKeysTable {
  id: Generated<string>;
  publisher_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  access: 'read' | 'read_write';
  created_by: string;
  created_at: Generated<Date>;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
}

// Outgoing webhooks (lib/webhooks) and the integrations subscriptions.
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  publisher_id: string;
  source: string;
  target_id: string | null;
  url: string;
  format: 'json' | 'slack';
  secret: string | null;
  event: string;
  body: string;
  status: Generated<'pending' | 'delivered' | 'failed' | 'cancelled'>;
  attempts: Generated<number>;
  max_attempts: number;
  /** `webhook-id` on the wire: shared by a delivery and its redeliveries (migration 0076). */
  message_id: string;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: Timestamp | null;
  delivered_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface WebhookDeliveryAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  attempt: number;
  at: Generated<Date>;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface WebhookSubscriptionsTable {
  id: Generated<string>;
  publisher_id: string;
  name: string;
  url: string;
  format: 'json' | 'slack';
  events: string[];
  secret: string;
  created_by: string | null;
  created_at: Generated<Date>;
  deleted_at: Timestamp | null;
  // 0074
  enabled: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface ServicesTables {
  site_services: SiteServicesTable;
  data_integrations: DataIntegrationsTable;
  service_requests: ServiceRequestsTable;
  plans: PlansTable;
  publisher_plans: PublisherPlansTable;
  plan_change_requests: PlanChangeRequestsTable;
  api_keys: ApiKeysTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
}
