// Incidents and uptime monitors: Kysely row types of these tables (the SQL lives in migrations/).
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, Json } from './columns';

export interface IncidentsTable {
  id: Generated<string>;
  publisher_id: string;
  site_id: string | null;
  type: string;
  severity: string;
  category: string;
  dedupe_key: string;
  title: string;
  /** What an incident of no site concerns (a monitor's host); null for a site's or the whole account's. */
  subject: string | null;
  status: Generated<string>;
  is_new: Generated<boolean>;
  occurrence_count: Generated<number>;
  first_occurrence: Generated<Date>;
  last_occurrence: ColumnType<Date, Date | string | undefined, Date | string>;
  acknowledged_by: string | null;
  acknowledged_at: Timestamp | null;
  acknowledged_note: string | null;
  resolved_by: string | null;
  resolved_at: Timestamp | null;
  resolved_note: string | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface IncidentEventsTable {
  id: Generated<string>;
  incident_id: string;
  kind: string;
  at: ColumnType<Date, Date | string | undefined, Date | string>;
  actor_user_id: string | null;
  note: string | null;
  detail: Json<Record<string, unknown>> | null;
}

export interface IncidentExportEntitlementsTable {
  publisher_id: string;
  site_id: string;
  created_at: Generated<Date>;
}

export interface MonitorsTable {
  id: Generated<string>;
  publisher_id: string;
  site_id: string | null;
  name: string;
  url: string;
  method: string;
  interval_seconds: number;
  timeout_seconds: number;
  retries: number;
  accepted_status_codes: string[];
  keyword: string | null;
  keyword_mode: string;
  cert_expiry_days: number;
  follow_redirects: boolean;
  notify_emails: string[];
  paused: Generated<boolean>;
  status: Generated<string>;
  consecutive_failures: Generated<number>;
  cert_warning: Generated<boolean>;
  last_check_at: Timestamp | null;
  last_response_ms: number | null;
  last_error: string | null;
  cert_expires_at: Timestamp | null;
  next_check_at: Timestamp;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface MonitorResultsTable {
  monitor_id: string;
  scheduled_at: Timestamp;
  at: Timestamp;
  ok: boolean;
  http_status: number | null;
  total_ms: number;
  dns_ms: number | null;
  connect_ms: number | null;
  tls_ms: number | null;
  first_byte_ms: number | null;
  keyword_found: boolean | null;
  cert_expires_at: Timestamp | null;
  error: string | null;
}

/** How far a publisher's shorter raw-result retention has been applied (migration 0152). */
export interface MonitorRetentionProgressTable {
  publisher_id: string;
  purged_before: Timestamp;
}

export interface MonitorRollupsTable {
  monitor_id: string;
  grain: 'hour' | 'day';
  bucket: Timestamp;
  checks: number;
  up_checks: number;
  sum_ms: ColumnType<string, number | string, number | string>;
  histogram: number[];
}

/** A mailed monitor state change (0032): counted per publisher; `held` ones go out in one digest. */
export interface MonitorAlertsTable {
  id: Generated<string>;
  publisher_id: string;
  at: Generated<Date>;
  event: Json;
  recipients: string[];
  held: boolean;
  digested_at: Timestamp | null;
}

/** An outside alert recipient of a publisher (0125): alerts go to it only once `confirmed_at` is set. */
export interface MonitorRecipientsTable {
  publisher_id: string;
  email: string;
  token_hash: string | null;
  requested_at: Generated<Date>;
  confirmed_at: Timestamp | null;
}

export interface UptimeTables {
  incidents: IncidentsTable;
  incident_events: IncidentEventsTable;
  incident_export_entitlements: IncidentExportEntitlementsTable;
  monitors: MonitorsTable;
  monitor_results: MonitorResultsTable;
  monitor_retention_progress: MonitorRetentionProgressTable;
  monitor_rollups: MonitorRollupsTable;
  monitor_alerts: MonitorAlertsTable;
  monitor_recipients: MonitorRecipientsTable;
}
