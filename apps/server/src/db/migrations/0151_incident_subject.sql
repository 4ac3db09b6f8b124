-- What an incident of no site concerns, named for people: a monitor's host ("status.example.com")
-- instead of "All sites". Earlier monitor incidents get their monitor's host where it still exists.
ALTER TABLE incidents ADD COLUMN subject text;
UPDATE incidents i
SET subject = substring(m.url from '^[a-zA-Z]+://([^/:?#]+)')
FROM monitors m
WHERE i.site_id IS NULL
  AND i.dedupe_key IN ('monitor:' || m.id || ':down', 'monitor:' || m.id || ':cert');
