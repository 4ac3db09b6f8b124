-- A failed crawl that keeps the last good copy records when that copy was read, so the page can say
-- "last successful read" instead of presenting the failed attempt as a fresh read.
ALTER TABLE adstxt_crawls ADD COLUMN previous_fetched_at timestamptz;
