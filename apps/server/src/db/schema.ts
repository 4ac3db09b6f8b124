import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface PublishersTable {
  id: string;
  name: string;
  currency: Generated<string>;
  has_direct: Generated<boolean>;
  appnexus_marketplace_id: string | null;
  appnexus_direct_id: string | null;
  created_at: Generated<Date>;
}

export interface CompaniesTable {
  publisher_id: string;
  name: string;
  website: string;
  address: string;
  city: string;
  country: string;
  zip_code: string;
  registration_number: string;
  type: string;
  vat_registration_office: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  updated_at: Generated<Date>;
}

export interface SitesTable {
  id: string;
  publisher_id: string;
  name: string;
  domain: string;
  active: Generated<boolean>;
  taboola_organic: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  phone_number: Generated<string>;
  publisher_scope: string;
  admin_access: Generated<boolean>;
  disabled: Generated<boolean>;
  password_changed_at: Generated<Date>;
  created_at: Generated<Date>;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  public_jwk: Json<Record<string, unknown>>;
  private_jwk: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
  retired_at: Date | null;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  scope_override: string | null;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface OneTimeCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'password_reset' | 'custom_token';
  code_hash: string;
  scope_override: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface TrackingEventsTable {
  id: Generated<number>;
  user_id: string | null;
  event: string;
  client_timestamp: string;
  scope: Json | null;
  properties: Json | null;
  received_at: Generated<Date>;
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

export interface ReportJobsTable {
  id: Generated<string>;
  user_id: string;
  publisher_id: string;
  report_type: string;
  delivery: Generated<string>;
  format: Generated<string>;
  request: Json;
  status: Generated<string>;
  is_new: Generated<boolean>;
  file_path: string | null;
  error: string | null;
  date_from: ColumnType<string, string, string>;
  date_to: ColumnType<string, string, string>;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
  job_id: string | null;
  row_count: number | null;
  seen_at: Timestamp | null;
}

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

export interface AdsTxtTemplateTable {
  id: Generated<boolean>;
  content: string;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface AdsTxtDomainsTable {
  id: string;
  publisher_id: string;
  site_id: string | null;
  domain_name: string;
  hosted_enabled: Generated<boolean>;
  redirection_status: Generated<string>;
  redirection_reason: string | null;
  redirection_checked_at: Timestamp | null;
  created_at: Generated<Date>;
  kind: Generated<'web' | 'app'>;
}

export interface AdsTxtCrawlsTable {
  id: Generated<number>;
  domain_id: string;
  status: string;
  http_status: number | null;
  redirect_chain: Json<string[]>;
  final_url: string | null;
  content: string | null;
  content_hash: string | null;
  error_reason: string | null;
  used_previous: Generated<boolean>;
  stale: Generated<boolean>;
  fetched_at: Timestamp;
  previous_fetched_at: Timestamp | null;
  hops: ColumnType<unknown[], string | undefined, string>;
}

export interface AdsTxtRevisionsTable {
  id: Generated<number>;
  domain_id: string;
  content: string;
  created_by: string | null;
  lines_added: number;
  lines_removed: number;
  warnings: number;
  created_at: Generated<Date>;
}

export interface SellersJsonFilesTable {
  system_domain: string;
  status: string;
  reason: string | null;
  etag: string | null;
  last_modified: string | null;
  seller_count: number | null;
  issues: Json<unknown[]>;
  fetched_at: Timestamp;
}

export interface SellersJsonSellersTable {
  system_domain: string;
  seller_id: string;
  state: Generated<string>;
  seller_type: string | null;
  seller_domain: string | null;
  seller_name: string | null;
  is_confidential: Generated<boolean>;
  checked_at: Timestamp | null;
}

export interface BlockingRulesTable {
  id: Generated<string>;
  publisher_id: string;
  name: string;
  type: string;
  rule_values: Json<string[]>;
  site_ids: Json<string[]> | null;
  expires_at: ColumnType<string | null, string | null, string | null>;
  status: Generated<string>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MonthClosesTable {
  period: string;
  closed_by: string | null;
  closed_at: Generated<Date>;
}

/** numeric columns come back from pg as strings. */
type Numeric = ColumnType<string, number | string, number | string>;

export interface PaymentsTable {
  id: Generated<string>;
  publisher_id: string;
  period: string;
  currency: string;
  revenue: Numeric;
  rollover_in: Numeric;
  adjustments: ColumnType<string, number | string | undefined, number | string>;
  amount: Numeric;
  rollover_out: Numeric;
  threshold: Numeric;
  site_revenue: Json<{ siteId: string; siteName: string; netRevenue: number }[]>;
  status: string;
  hold_reason: string | null;
  payee_snapshot: Json | null;
  approved_at: Timestamp | null;
  approved_by: string | null;
  paid_at: ColumnType<string | null, string | null, string | null>;
  method: string | null;
  reference: string | null;
  created_at: Generated<Date>;
}

export interface PaymentSettingsTable {
  publisher_id: string;
  method: string;
  beneficiary_name: string;
  payout_currency: string;
  vat_number: string | null;
  bank_ciphertext: string;
  bank_last4: string;
  threshold: ColumnType<string | null, number | string | null, number | string | null>;
  tax_form: Buffer | null;
  tax_form_name: string | null;
  tax_form_size: number | null;
  tax_form_uploaded_at: Timestamp | null;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface Database {
  adstxt_template: AdsTxtTemplateTable;
  adstxt_domains: AdsTxtDomainsTable;
  adstxt_crawls: AdsTxtCrawlsTable;
  adstxt_revisions: AdsTxtRevisionsTable;
  jobs: JobsTable;
  publishers: PublishersTable;
  companies: CompaniesTable;
  sites: SitesTable;
  users: UsersTable;
  signing_keys: SigningKeysTable;
  refresh_tokens: RefreshTokensTable;
  one_time_codes: OneTimeCodesTable;
  tracking_events: TrackingEventsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  report_jobs: ReportJobsTable;
  sellers_json_files: SellersJsonFilesTable;
  sellers_json_sellers: SellersJsonSellersTable;
  blocking_rules: BlockingRulesTable;
  month_closes: MonthClosesTable;
  payments: PaymentsTable;
  payment_settings: PaymentSettingsTable;
  feature_flags: FeatureFlagsTable;
  feature_flag_overrides: FeatureFlagOverridesTable;
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
}
