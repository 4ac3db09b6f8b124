// Platform: job queue, outbox, audit log, idempotency, rate limits, feature flags: Kysely row types of these tables (the SQL lives in migrations/).
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, Json } from './columns';

export interface JobsTable {
  id: Generated<string>;
  queue: string;
  payload: Json;
  dedupe_key: string | null;
  status: Generated<string>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_after: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: Json | null;
  status: Generated<string>;
  created_at: Generated<Date>;
  sent_at: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: string | null;
  publisher_id: string | null;
  action: string;
  details: Json | null;
  created_at: Generated<Date>;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  fingerprint: string;
  status_code: number | null;
  content_type: string | null;
  body: Buffer | null;
  created_at: Generated<Date>;
  completed_at: Date | null;
  /** Set inside the write's own transaction (migration 0021): the write is done, whatever follows. */
  write_committed_at: Date | null;
}

// Request rate-limit counters shared by every process (migration 0101, UNLOGGED).
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  expires_at: ColumnType<Date, Date, Date>;
}

export interface FeatureFlagsTable {
  key: string;
  shape: 'BOOLEAN' | 'LIMIT' | 'SET' | 'EXTENSION';
  description: Generated<string>;
  beta: Generated<boolean>;
  marked_new: Generated<boolean>;
  default_value: Json;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FeatureFlagOverridesTable {
  flag_key: string;
  publisher_id: string;
  value: Json;
  updated_by: string | null;
  updated_at: Generated<Date>;
  /** Migration 0075: set by an admin or by a plan change (a plan change never rewrites an admin's). */
  source: Generated<'admin' | 'plan'>;
}

export interface PlatformTables {
  jobs: JobsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limit_counters: RateLimitCountersTable;
  feature_flags: FeatureFlagsTable;
  feature_flag_overrides: FeatureFlagOverridesTable;
}
