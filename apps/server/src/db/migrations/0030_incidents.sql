-- Incidents. One open (or acknowledged) incident per (publisher, key): a new
-- occurrence of the same problem appends to it instead of opening a duplicate; after resolution
-- a new occurrence reopens the same row, so its history stays in one timeline.
CREATE TABLE incidents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  publisher_id text NOT NULL REFERENCES publishers(id),
  site_id text REFERENCES sites(id),
  -- What detected it and a stable key (e.g. 'monitor:<id>', 'adstxt:<domain>:missing').
  type text NOT NULL CHECK (type IN ('downtime', 'certificate', 'adstxt', 'vulnerability', 'other')),
  severity text NOT NULL CHECK (severity IN ('low', 'medium', 'high', 'critical')),
  category text NOT NULL,
  dedupe_key text NOT NULL,
  title text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'acknowledged', 'resolved')),
  -- The spec's `new`: an occurrence nobody has looked at yet (cleared on acknowledge/resolve).
  is_new boolean NOT NULL DEFAULT true,
  occurrence_count integer NOT NULL DEFAULT 1,
  first_occurrence timestamptz NOT NULL DEFAULT now(),
  last_occurrence timestamptz NOT NULL DEFAULT now(),
  acknowledged_by uuid,
  acknowledged_at timestamptz,
  acknowledged_note text,
  resolved_by uuid,
  resolved_at timestamptz,
  resolved_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX incidents_key ON incidents (publisher_id, dedupe_key);
CREATE INDEX incidents_publisher ON incidents (publisher_id, last_occurrence DESC);

CREATE TABLE incident_events (
  id bigserial PRIMARY KEY,
  incident_id uuid NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('occurrence', 'acknowledged', 'resolved', 'reopened')),
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id uuid,
  note text,
  detail jsonb
);
CREATE INDEX incident_events_incident ON incident_events (incident_id, at DESC);

-- The spec's vulnerability export entitlement (entitlementsExportSiteId / entitlementsExportSite):
-- a row means the publisher may export vulnerability incidents of that site.
CREATE TABLE incident_export_entitlements (
  publisher_id text NOT NULL REFERENCES publishers(id),
  site_id text NOT NULL REFERENCES sites(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (publisher_id, site_id)
);
