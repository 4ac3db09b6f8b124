-- Per-process caches invalidated across processes. Whatever changes a publisher's
-- details (name, currency, company, sites: the admin console, the details page, a seed, plain SQL)
-- tells every process on commit through NOTIFY pc_cache 'publisher:<id>', as migration 0010 does
-- for sessions. NOTIFY folds identical payloads within a transaction, so a bulk change costs one
-- message per publisher.
CREATE FUNCTION notify_publisher_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_id text;
  new_id text;
BEGIN
  IF TG_TABLE_NAME = 'publishers' THEN
    IF TG_OP <> 'INSERT' THEN old_id := OLD.id::text; END IF;
    IF TG_OP <> 'DELETE' THEN new_id := NEW.id::text; END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN old_id := OLD.publisher_id::text; END IF;
    IF TG_OP <> 'DELETE' THEN new_id := NEW.publisher_id::text; END IF;
  END IF;
  IF old_id IS NOT NULL THEN PERFORM pg_notify('pc_cache', 'publisher:' || old_id); END IF;
  IF new_id IS NOT NULL AND new_id IS DISTINCT FROM old_id THEN PERFORM pg_notify('pc_cache', 'publisher:' || new_id); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER publishers_notify_changed AFTER INSERT OR UPDATE OR DELETE ON publishers
  FOR EACH ROW EXECUTE FUNCTION notify_publisher_changed();
CREATE TRIGGER companies_notify_changed AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION notify_publisher_changed();
CREATE TRIGGER sites_notify_changed AFTER INSERT OR UPDATE OR DELETE ON sites
  FOR EACH ROW EXECUTE FUNCTION notify_publisher_changed();
