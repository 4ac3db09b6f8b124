-- Services and activation. One row per (site, service) once a publisher activates it;
-- no row means NOT_ACTIVATED. The spec's product status is this status for the site-tag services.
CREATE TABLE site_services (
  site_id text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  service_id text NOT NULL,
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('NOT_ACTIVATED', 'PENDING', 'ACTIVATED')),
  requested_at timestamptz,
  requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
  activated_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, service_id)
);
CREATE INDEX site_services_publisher_idx ON site_services (publisher_id);

-- Data integration per site: initiated by the publisher, confirmed by staff or cancelled by the
-- publisher. History is kept (a cancelled one stays); at most one open (INITIATED/CONFIRMED) per site.
CREATE TABLE data_integrations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  site_id text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  data_source text NOT NULL,
  contact_name text NOT NULL,
  contact_email text NOT NULL,
  notes text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('INITIATED', 'CANCELLED', 'CONFIRMED')),
  initiated_at timestamptz NOT NULL DEFAULT now(),
  initiated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  cancelled_at timestamptz,
  cancelled_by uuid REFERENCES users (id) ON DELETE SET NULL,
  confirmed_at timestamptz,
  confirmed_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX data_integrations_one_open_idx ON data_integrations (site_id) WHERE status IN ('INITIATED', 'CONFIRMED');
CREATE INDEX data_integrations_publisher_idx ON data_integrations (publisher_id);

-- Product demo and data-source requests: kept for staff (admin API) and mailed to them.
CREATE TABLE service_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('product_demo', 'data_source')),
  service_id text,
  data_source text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_requests_created_idx ON service_requests (created_at DESC);
