-- Invitations: the spec's invitation data (email, publisherIds, adminAccess, mediaOwnerIds),
-- a single-use link (only its SHA-256 is stored) that expires, and its lifecycle. "expired" is not
-- stored: it is a pending invitation whose expires_at has passed.
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  publisher_ids text[] NOT NULL,
  admin_access boolean NOT NULL DEFAULT false,
  media_owner_ids text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked')),
  token_hash text UNIQUE,
  expires_at timestamptz NOT NULL,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  accepted_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  sent_at timestamptz,
  accepted_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invitations_email_idx ON invitations (lower(email), created_at DESC);
CREATE INDEX invitations_created_idx ON invitations (created_at DESC);

-- The console's audit log view filters by actor, partner, action and date.
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, created_at DESC);
