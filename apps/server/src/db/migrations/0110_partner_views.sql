-- An admin's partner view (POST /api/admin/impersonate): one row per view, from its start to its
-- Exit or its end of life (at most one hour). Its ID token carries the row's id (claim `pv`); the
-- session guard (identity/sessions.ts) accepts the token only while the row is live, and ending it
-- tells every process through NOTIFY pc_sessions '<admin user id>' (migration 0010's channel).
CREATE TABLE partner_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  publisher_id text NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  reason text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX partner_views_live ON partner_views (user_id) WHERE ended_at IS NULL;

CREATE FUNCTION partner_views_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pc_sessions', NEW.user_id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER partner_views_notify_on_change AFTER INSERT OR UPDATE ON partner_views
  FOR EACH ROW EXECUTE FUNCTION partner_views_notify();

-- A custom token that opens a partner view names it.
ALTER TABLE one_time_codes ADD COLUMN partner_view_id uuid REFERENCES partner_views (id) ON DELETE CASCADE;
