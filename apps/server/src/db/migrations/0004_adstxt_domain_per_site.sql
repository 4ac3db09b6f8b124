-- Every site gets its ads.txt domain row when it is created, instead of the ads.txt list inserting
-- missing rows on each read. Idempotent on the domain (a domain shared by two sites is one row).
CREATE FUNCTION adstxt_domain_for_new_site() RETURNS trigger AS $$
BEGIN
  INSERT INTO adstxt_domains (id, publisher_id, site_id, domain_name)
  VALUES ('d' || NEW.id, NEW.publisher_id, NEW.id, lower(NEW.domain))
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER sites_adstxt_domain AFTER INSERT ON sites
  FOR EACH ROW EXECUTE FUNCTION adstxt_domain_for_new_site();

-- Sites created before this migration.
INSERT INTO adstxt_domains (id, publisher_id, site_id, domain_name)
SELECT 'd' || s.id, s.publisher_id, s.id, lower(s.domain) FROM sites s
ON CONFLICT DO NOTHING;
