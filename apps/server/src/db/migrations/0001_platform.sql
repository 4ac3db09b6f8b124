-- Platform foundation: publishers, sites, users and identity, tracking, outbox, audit.
CREATE TABLE publishers (
  id text PRIMARY KEY,
  name text NOT NULL,
  currency text NOT NULL DEFAULT 'USD',
  has_direct boolean NOT NULL DEFAULT false,
  appnexus_marketplace_id text,
  appnexus_direct_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX publishers_name_idx ON publishers (lower(name));

CREATE TABLE companies (
  publisher_id text PRIMARY KEY REFERENCES publishers (id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '',
  website text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  zip_code text NOT NULL DEFAULT '',
  registration_number text NOT NULL DEFAULT '',
  type text NOT NULL DEFAULT '',
  vat_registration_office text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sites (
  id text PRIMARY KEY,
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  name text NOT NULL,
  domain text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  taboola_organic boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sites_publisher_idx ON sites (publisher_id);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  phone_number text NOT NULL DEFAULT '',
  -- 'ALL' for provider staff, otherwise a comma-separated list of publisher ids (the scope claim).
  publisher_scope text NOT NULL,
  admin_access boolean NOT NULL DEFAULT false,
  disabled boolean NOT NULL DEFAULT false,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_idx ON users (lower(email));

CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL,
  public_jwk jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);

CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  scope_override text,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

CREATE TABLE one_time_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 'password_reset' (e-mailed code) or 'custom_token' (sign-in token minted for staff/console).
  purpose text NOT NULL,
  code_hash text NOT NULL UNIQUE,
  scope_override text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_codes_user_idx ON one_time_codes (user_id, purpose);

CREATE TABLE tracking_events (
  id bigserial PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  event text NOT NULL,
  client_timestamp text NOT NULL,
  scope jsonb,
  properties jsonb,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tracking_events_event_idx ON tracking_events (event, received_at);

CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  attachments jsonb,
  status text NOT NULL DEFAULT 'stored',
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_to_idx ON outbox (lower(to_address), created_at DESC);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  publisher_id text,
  action text NOT NULL,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_publisher_idx ON audit_log (publisher_id, created_at DESC);

-- Exported reports per user (filled by the reports module; listed by GET partner-center/reports).
CREATE TABLE report_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  report_type text NOT NULL,
  delivery text NOT NULL DEFAULT 'file',
  format text NOT NULL DEFAULT 'csv',
  request jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  is_new boolean NOT NULL DEFAULT false,
  file_path text,
  error text,
  date_from date NOT NULL,
  date_to date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX report_jobs_user_pub_idx ON report_jobs (user_id, publisher_id, created_at DESC);
