-- Usage analytics: daily rollups of the first-party /mp events, kept by a
-- statement-level trigger so every process (and a bulk load) updates them in the inserting
-- transaction; nothing is counted in one process's memory. Queries read the rollups, so a 30-day
-- view stays small however many raw events there are, and trimming raw events keeps the history.

-- The four user types of docs/product.md (provider admin, provider staff, media owner with one or
-- several accounts), plus anonymous events sent before sign-in. Compared as jsonb, so an odd
-- value can never make the insert fail.
CREATE FUNCTION usage_user_type(scope jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE scope ->> 'type'
    WHEN 'internal' THEN CASE WHEN scope -> 'adminAccess' = 'true'::jsonb THEN 'provider_admin' ELSE 'provider_staff' END
    WHEN 'external_single' THEN 'media_owner_single'
    WHEN 'other' THEN 'media_owner_multiple'
    ELSE 'anonymous'
  END $$;

-- The partner an event belongs to: the one the page named, else a single-account owner's own;
-- '' when none (staff outside a partner, anonymous).
CREATE FUNCTION usage_publisher(scope jsonb, properties jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT left(COALESCE(NULLIF(properties ->> 'publisher_id', ''), NULLIF(properties ->> 'publisherId', ''),
                       NULLIF(scope ->> 'mediaOwnerId', ''), ''), 64) $$;

CREATE TABLE usage_daily_events (
  publisher_id text NOT NULL,
  day date NOT NULL,
  user_type text NOT NULL,
  event text NOT NULL,
  events bigint NOT NULL,
  PRIMARY KEY (publisher_id, day, user_type, event)
);
CREATE INDEX usage_daily_events_day_idx ON usage_daily_events (day);

-- One row per user and day: daily active users are distinct user ids over these.
CREATE TABLE usage_daily_users (
  publisher_id text NOT NULL,
  day date NOT NULL,
  user_type text NOT NULL,
  user_id uuid NOT NULL,
  events bigint NOT NULL,
  PRIMARY KEY (publisher_id, day, user_type, user_id)
);
CREATE INDEX usage_daily_users_day_idx ON usage_daily_users (day);

-- 'Page View' events (sent by the web shell on each route change) by page path.
CREATE TABLE usage_daily_pages (
  publisher_id text NOT NULL,
  day date NOT NULL,
  user_type text NOT NULL,
  page text NOT NULL,
  views bigint NOT NULL,
  PRIMARY KEY (publisher_id, day, user_type, page)
);
CREATE INDEX usage_daily_pages_day_idx ON usage_daily_pages (day);

CREATE FUNCTION usage_rollup_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- Sorted, so concurrent inserts take row locks in one order and cannot deadlock each other.
  INSERT INTO usage_daily_events AS u (publisher_id, day, user_type, event, events)
  SELECT usage_publisher(scope, properties), (received_at AT TIME ZONE 'UTC')::date, usage_user_type(scope), event, count(*)
  FROM new_events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (publisher_id, day, user_type, event) DO UPDATE SET events = u.events + EXCLUDED.events;

  INSERT INTO usage_daily_users AS u (publisher_id, day, user_type, user_id, events)
  SELECT usage_publisher(scope, properties), (received_at AT TIME ZONE 'UTC')::date, usage_user_type(scope), user_id, count(*)
  FROM new_events WHERE user_id IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (publisher_id, day, user_type, user_id) DO UPDATE SET events = u.events + EXCLUDED.events;

  INSERT INTO usage_daily_pages AS u (publisher_id, day, user_type, page, views)
  SELECT usage_publisher(scope, properties), (received_at AT TIME ZONE 'UTC')::date, usage_user_type(scope),
         left(properties ->> 'page', 200), count(*)
  FROM new_events WHERE event = 'Page View' AND COALESCE(properties ->> 'page', '') <> '' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (publisher_id, day, user_type, page) DO UPDATE SET views = u.views + EXCLUDED.views;
  RETURN NULL;
END $$;

CREATE TRIGGER tracking_events_usage_rollup
  AFTER INSERT ON tracking_events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION usage_rollup_insert();

-- Events stored before this migration.
INSERT INTO usage_daily_events (publisher_id, day, user_type, event, events)
SELECT usage_publisher(scope, properties), (received_at AT TIME ZONE 'UTC')::date, usage_user_type(scope), event, count(*)
FROM tracking_events GROUP BY 1, 2, 3, 4;
INSERT INTO usage_daily_users (publisher_id, day, user_type, user_id, events)
SELECT usage_publisher(scope, properties), (received_at AT TIME ZONE 'UTC')::date, usage_user_type(scope), user_id, count(*)
FROM tracking_events WHERE user_id IS NOT NULL GROUP BY 1, 2, 3, 4;
INSERT INTO usage_daily_pages (publisher_id, day, user_type, page, views)
SELECT usage_publisher(scope, properties), (received_at AT TIME ZONE 'UTC')::date, usage_user_type(scope), left(properties ->> 'page', 200), count(*)
FROM tracking_events WHERE event = 'Page View' AND COALESCE(properties ->> 'page', '') <> '' GROUP BY 1, 2, 3, 4;
