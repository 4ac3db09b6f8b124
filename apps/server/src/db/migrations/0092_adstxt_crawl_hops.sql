-- The crawler's-eye view: every answer on the way to the file, with the IAB
-- redirect rule it meets or breaks, its content type, size, dates and caching headers.
ALTER TABLE adstxt_crawls ADD COLUMN hops jsonb NOT NULL DEFAULT '[]';
