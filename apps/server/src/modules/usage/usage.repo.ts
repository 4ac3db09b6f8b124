import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/pool';

export interface UsageFilter {
  from: string;
  to: string;
  publisherId?: string | undefined;
  userType?: string | undefined;
}

/** Rows per top list: enough for a console table, bounded whatever the data. */
export const USAGE_TOP = 50;

/** The WHERE of every usage query: a day range, optionally one partner and one user type. */
function where(f: UsageFilter): RawBuilder<unknown> {
  return sql`day BETWEEN ${f.from}::date AND ${f.to}::date
    ${f.publisherId !== undefined ? sql`AND publisher_id = ${f.publisherId}` : sql``}
    ${f.userType !== undefined ? sql`AND user_type = ${f.userType}` : sql``}`;
}

/**
 * Which rollup a query reads: without a partner, the all-partners rollups of migration 0055 (days x
 * user types x names rows, not one row per partner as well); with one, the per-partner rollups.
 */
const events = (f: UsageFilter) => sql.table(f.publisherId === undefined ? 'usage_all_events' : 'usage_daily_events');
const users = (f: UsageFilter) => sql.table(f.publisherId === undefined ? 'usage_all_users' : 'usage_daily_users');
const pages = (f: UsageFilter) => sql.table(f.publisherId === undefined ? 'usage_all_pages' : 'usage_daily_pages');

/** Events per partner over the range: the (day, partner) totals unless a user type narrows it. */
const partnerEvents = (f: UsageFilter) =>
  f.userType === undefined
    ? sql`SELECT publisher_id, sum(events)::bigint AS events FROM usage_partner_days WHERE ${where(f)} GROUP BY publisher_id`
    : sql`SELECT publisher_id, sum(events)::bigint AS events FROM usage_daily_events WHERE ${where(f)} GROUP BY publisher_id`;

type UserCountRow = { kind: 'day' | 'type' | 'all'; key: string | null; users: number };

/**
 * Users (rows of a first/last-day table `t`) active on some day of the range: the first or last
 * active day inside it says so at once; a user active before and after it needs the probe (an
 * index lookup in the membership rows). Rows outside the range are not read past the filter.
 */
const activeIn = (f: UsageFilter, probe: RawBuilder<unknown>) =>
  sql`t.first_day <= ${f.to}::date AND t.last_day >= ${f.from}::date
    AND (t.first_day >= ${f.from}::date OR t.last_day <= ${f.to}::date OR EXISTS (${probe}))`;
const inRange = (f: UsageFilter, col: RawBuilder<unknown>) => sql`${col} BETWEEN ${f.from}::date AND ${f.to}::date`;

/** userCounts without a user type: every figure read from the rollups of migration 0057. */
function userCountsFromRollups(f: UsageFilter): RawBuilder<UserCountRow> {
  if (f.publisherId === undefined)
    return sql<UserCountRow>`
      SELECT 'day' AS kind, day::text AS key, users FROM usage_days WHERE ${inRange(f, sql`day`)}
      UNION ALL
      SELECT 'type', t.user_type, count(*)::bigint FROM usage_type_users t
      WHERE ${activeIn(f, sql`SELECT 1 FROM usage_all_users a WHERE a.user_type = t.user_type AND a.user_id = t.user_id AND ${inRange(f, sql`a.day`)}`)}
      GROUP BY t.user_type
      UNION ALL
      SELECT 'all', NULL, count(*)::bigint FROM usage_users t
      WHERE ${activeIn(f, sql`SELECT 1 FROM usage_day_users a WHERE a.user_id = t.user_id AND ${inRange(f, sql`a.day`)}`)}`;
  return sql<UserCountRow>`
    SELECT 'day' AS kind, day::text AS key, users FROM usage_partner_days WHERE ${where(f)}
    UNION ALL
    SELECT 'type', user_type, count(*)::bigint FROM (SELECT DISTINCT user_type, user_id FROM usage_daily_users WHERE ${where(f)}) d GROUP BY user_type
    UNION ALL
    SELECT 'all', NULL, count(*)::bigint FROM usage_partner_users t
    WHERE t.publisher_id = ${f.publisherId} AND ${activeIn(
      f,
      sql`SELECT 1 FROM usage_partner_day_users a WHERE a.publisher_id = t.publisher_id AND a.user_id = t.user_id AND ${inRange(f, sql`a.day`)}`,
    )}`;
}

/** userCounts for one user type: DISTINCT over that type's rows, read once. */
function userCountsByDistinct(f: UsageFilter): RawBuilder<UserCountRow> {
  return sql<UserCountRow>`
    WITH s AS MATERIALIZED (SELECT day, user_type, user_id FROM ${users(f)} WHERE ${where(f)})
    SELECT 'day' AS kind, day::text AS key, count(*)::bigint AS users FROM (SELECT DISTINCT day, user_id FROM s) d GROUP BY day
    UNION ALL
    SELECT 'type', user_type, count(*)::bigint FROM (SELECT DISTINCT user_type, user_id FROM s) t GROUP BY user_type
    UNION ALL
    SELECT 'all', NULL, count(*)::bigint FROM (SELECT DISTINCT user_id FROM s) a`;
}

/** Distinct users per partner over the range: first/last days unless a user type narrows it. */
const partnerUsers = (f: UsageFilter) =>
  f.userType === undefined
    ? sql`SELECT t.publisher_id, count(*)::bigint AS users FROM usage_partner_users t
        WHERE ${activeIn(f, sql`SELECT 1 FROM usage_partner_day_users a WHERE a.publisher_id = t.publisher_id AND a.user_id = t.user_id AND ${inRange(f, sql`a.day`)}`)}
        GROUP BY t.publisher_id`
    : sql`SELECT publisher_id, count(*)::bigint AS users
        FROM (SELECT DISTINCT publisher_id, user_id FROM usage_daily_users WHERE ${where(f)}) d GROUP BY publisher_id`;

/**
 * SQL over the daily rollups (migration 0053), never over raw tracking_events: a 30-day view
 * reads at most days x user types x event names rows per partner. Sums are cast to bigint, which
 * the pool parses as numbers.
 */
export function usageRepo(db: Db) {
  const rows = async <T>(q: RawBuilder<T>): Promise<T[]> => (await q.execute(db)).rows;
  return {
    dailyEvents: (f: UsageFilter) =>
      rows(sql<{ day: string; events: number }>`
        SELECT day::text AS day, sum(events)::bigint AS events FROM ${events(f)} WHERE ${where(f)} GROUP BY day`),
    /**
     * Distinct users per day, per user type and over the whole range, in one statement. Without a
     * user type, from the distinct-user rollups of migration 0057: days from the per-day counts,
     * range figures from one row per user (first and last active day; `activeIn`). With a user
     * type (a narrower question), by DISTINCT over that type's rows of the users rollup.
     */
    async userCounts(f: UsageFilter) {
      const r = await rows(f.userType === undefined ? userCountsFromRollups(f) : userCountsByDistinct(f));
      return {
        daily: r.filter((x) => x.kind === 'day').map((x) => ({ day: x.key!, users: x.users })),
        byUserType: r.filter((x) => x.kind === 'type').map((x) => ({ user_type: x.key!, users: x.users })),
        total: r.find((x) => x.kind === 'all')?.users ?? 0,
      };
    },
    eventsByUserType: (f: UsageFilter) =>
      rows(sql<{ user_type: string; events: number }>`
        SELECT user_type, sum(events)::bigint AS events FROM ${events(f)} WHERE ${where(f)} GROUP BY user_type`),
    eventsByName: (f: UsageFilter, limit = USAGE_TOP) =>
      rows(sql<{ event: string; count: number }>`
        SELECT event, sum(events)::bigint AS count FROM ${events(f)} WHERE ${where(f)}
        GROUP BY event ORDER BY count DESC, event LIMIT ${limit}`),
    pagesByViews: (f: UsageFilter, limit = USAGE_TOP) =>
      rows(sql<{ page: string; views: number }>`
        SELECT page, sum(views)::bigint AS views FROM ${pages(f)} WHERE ${where(f)}
        GROUP BY page ORDER BY views DESC, page LIMIT ${limit}`),
    async pageViews(f: UsageFilter): Promise<number> {
      const [r] = await rows(sql<{ views: number | null }>`
        SELECT sum(views)::bigint AS views FROM ${pages(f)} WHERE ${where(f)}`);
      return r?.views ?? 0;
    },
    /** Partners by events, with their distinct users over the range and their names. */
    partners: (f: UsageFilter, limit = USAGE_TOP) =>
      rows(sql<{ publisher_id: string; name: string | null; events: number; users: number }>`
        WITH e AS (${partnerEvents(f)}), u AS (${partnerUsers(f)})
        SELECT e.publisher_id, p.name, e.events, COALESCE(u.users, 0)::bigint AS users
        FROM e LEFT JOIN u USING (publisher_id) LEFT JOIN publishers p ON p.id = e.publisher_id
        ORDER BY e.events DESC, e.publisher_id LIMIT ${limit}`),
  };
}
export type UsageRepo = ReturnType<typeof usageRepo>;
