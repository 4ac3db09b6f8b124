-- Usage analytics, distinct users: the all-partners view still counted distinct
-- users by reading one row per user and day over the whole range (bench: p95 537 ms for 30 days x
-- all partners vs the 200 ms target). These rollups keep the distinct counts on write, in the
-- inserting transaction, so the current partial day is always exact:
--  * per (day, partner) and per day: a membership row per user (inserted ON CONFLICT DO NOTHING,
--    so a concurrent insert of the same user waits for the first and then adds nothing) and the
--    count of the rows that were new (usage_partner_days.users, usage_days.users);
--  * per partner, per user type and overall: each user's first and last active day, so "users
--    active in a range" is one row per user. A user whose first or last day falls inside the range
--    was active in it; only one active before and after the range needs a probe of the membership
--    rows (an index lookup). The usual "last N days" view probes nobody.

CREATE TABLE usage_partner_day_users (
  publisher_id text NOT NULL,
  user_id uuid NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (publisher_id, user_id, day)
);
ALTER TABLE usage_partner_days ADD COLUMN users bigint NOT NULL DEFAULT 0;

CREATE TABLE usage_day_users (
  user_id uuid NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (user_id, day)
);
CREATE TABLE usage_days (
  day date PRIMARY KEY,
  users bigint NOT NULL
);

CREATE TABLE usage_partner_users (
  publisher_id text NOT NULL,
  user_id uuid NOT NULL,
  first_day date NOT NULL,
  last_day date NOT NULL,
  PRIMARY KEY (publisher_id, user_id)
);
CREATE TABLE usage_users (
  user_id uuid PRIMARY KEY,
  first_day date NOT NULL,
  last_day date NOT NULL
);
CREATE TABLE usage_type_users (
  user_type text NOT NULL,
  user_id uuid NOT NULL,
  first_day date NOT NULL,
  last_day date NOT NULL,
  PRIMARY KEY (user_type, user_id)
);
-- The probe for a user type: was this user active as this type on a day of the range?
CREATE INDEX usage_all_users_type_user_day_idx ON usage_all_users (user_type, user_id, day);

-- A second statement-level trigger beside 0055's (same table, fires after it: names sort so).
-- Tables are written in one fixed order and rows sorted within each, so concurrent inserts take
-- locks in one order and cannot deadlock.
CREATE FUNCTION usage_distinct_users_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH fresh AS (
    INSERT INTO usage_partner_day_users (publisher_id, user_id, day)
    SELECT DISTINCT usage_publisher(scope, properties), user_id, (received_at AT TIME ZONE 'UTC')::date
    FROM new_events WHERE user_id IS NOT NULL ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING
    RETURNING day, publisher_id)
  INSERT INTO usage_partner_days AS u (day, publisher_id, events, users)
  SELECT day, publisher_id, 0, count(*) FROM fresh GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, publisher_id) DO UPDATE SET users = u.users + EXCLUDED.users;

  WITH fresh AS (
    INSERT INTO usage_day_users (user_id, day)
    SELECT DISTINCT user_id, (received_at AT TIME ZONE 'UTC')::date
    FROM new_events WHERE user_id IS NOT NULL ORDER BY 1, 2
    ON CONFLICT DO NOTHING
    RETURNING day)
  INSERT INTO usage_days AS u (day, users)
  SELECT day, count(*) FROM fresh GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET users = u.users + EXCLUDED.users;

  -- The WHERE keeps the steady state (same user again today) from writing a new row version.
  INSERT INTO usage_partner_users AS u (publisher_id, user_id, first_day, last_day)
  SELECT usage_publisher(scope, properties), user_id, min((received_at AT TIME ZONE 'UTC')::date), max((received_at AT TIME ZONE 'UTC')::date)
  FROM new_events WHERE user_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (publisher_id, user_id) DO UPDATE
    SET first_day = least(u.first_day, EXCLUDED.first_day), last_day = greatest(u.last_day, EXCLUDED.last_day)
    WHERE EXCLUDED.first_day < u.first_day OR EXCLUDED.last_day > u.last_day;

  INSERT INTO usage_users AS u (user_id, first_day, last_day)
  SELECT user_id, min((received_at AT TIME ZONE 'UTC')::date), max((received_at AT TIME ZONE 'UTC')::date)
  FROM new_events WHERE user_id IS NOT NULL GROUP BY 1 ORDER BY 1
  ON CONFLICT (user_id) DO UPDATE
    SET first_day = least(u.first_day, EXCLUDED.first_day), last_day = greatest(u.last_day, EXCLUDED.last_day)
    WHERE EXCLUDED.first_day < u.first_day OR EXCLUDED.last_day > u.last_day;

  INSERT INTO usage_type_users AS u (user_type, user_id, first_day, last_day)
  SELECT usage_user_type(scope), user_id, min((received_at AT TIME ZONE 'UTC')::date), max((received_at AT TIME ZONE 'UTC')::date)
  FROM new_events WHERE user_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (user_type, user_id) DO UPDATE
    SET first_day = least(u.first_day, EXCLUDED.first_day), last_day = greatest(u.last_day, EXCLUDED.last_day)
    WHERE EXCLUDED.first_day < u.first_day OR EXCLUDED.last_day > u.last_day;
  RETURN NULL;
END $$;

CREATE TRIGGER tracking_events_usage_users_rollup
  AFTER INSERT ON tracking_events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION usage_distinct_users_insert();

-- From what is already rolled up (raw events may have been trimmed since).
INSERT INTO usage_partner_day_users (publisher_id, user_id, day)
SELECT DISTINCT publisher_id, user_id, day FROM usage_daily_users;
UPDATE usage_partner_days u SET users = c.users
FROM (SELECT day, publisher_id, count(*) AS users FROM usage_partner_day_users GROUP BY 1, 2) c
WHERE u.day = c.day AND u.publisher_id = c.publisher_id;
INSERT INTO usage_day_users (user_id, day) SELECT DISTINCT user_id, day FROM usage_all_users;
INSERT INTO usage_days (day, users) SELECT day, count(*) FROM usage_day_users GROUP BY 1;
INSERT INTO usage_partner_users (publisher_id, user_id, first_day, last_day)
SELECT publisher_id, user_id, min(day), max(day) FROM usage_partner_day_users GROUP BY 1, 2;
INSERT INTO usage_users (user_id, first_day, last_day) SELECT user_id, min(day), max(day) FROM usage_day_users GROUP BY 1;
INSERT INTO usage_type_users (user_type, user_id, first_day, last_day)
SELECT user_type, user_id, min(day), max(day) FROM usage_all_users GROUP BY 1, 2;
