-- Revocable sessions. Every ID token carries the user's session_version (claim
-- `sv`); a request whose token is older than the user's current version is refused.
ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0;

-- Whatever changes who a user is or what they may do ends all their sessions, whichever code path
-- (identity service, admin console, plain SQL) makes the change: the version is bumped, every
-- refresh token is revoked, and the processes' caches are told on commit through NOTIFY.
CREATE FUNCTION users_revoke_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('pc_sessions', OLD.id::text);
    RETURN OLD;
  END IF;
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash
     OR NEW.publisher_scope IS DISTINCT FROM OLD.publisher_scope
     OR NEW.admin_access IS DISTINCT FROM OLD.admin_access
     OR NEW.disabled IS DISTINCT FROM OLD.disabled
     OR NEW.session_version IS DISTINCT FROM OLD.session_version THEN
    IF NEW.session_version IS NOT DISTINCT FROM OLD.session_version THEN
      NEW.session_version := OLD.session_version + 1;
    END IF;
    UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = NEW.id AND revoked_at IS NULL;
    PERFORM pg_notify('pc_sessions', NEW.id::text);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER users_revoke_sessions_on_update BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_revoke_sessions();
CREATE TRIGGER users_revoke_sessions_on_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_revoke_sessions();
