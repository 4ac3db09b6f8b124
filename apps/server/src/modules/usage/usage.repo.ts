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
 * SQL over the daily rollups (migration 0053), never over raw tracking_events: a 30-day view
 * reads at most days x user types x event names rows per partner. Sums are cast to bigint, which
 * the pool parses as numbers.
 */
export function usageRepo(db: Db) {
  const rows = async <T>(q: RawBuilder<T>): Promise<T[]> => (await q.execute(db)).rows;
  return {
    dailyEvents: (f: UsageFilter) =>
      rows(sql<{ day: string; events: number }>`
        SELECT day::text AS day, sum(events)::bigint AS events FROM usage_daily_events WHERE ${where(f)} GROUP BY day`),
    dailyUsers: (f: UsageFilter) =>
      rows(sql<{ day: string; users: number }>`
        SELECT day::text AS day, count(DISTINCT user_id)::bigint AS users FROM usage_daily_users WHERE ${where(f)} GROUP BY day`),
    async distinctUsers(f: UsageFilter): Promise<number> {
      const [r] = await rows(sql<{ users: number }>`
        SELECT count(DISTINCT user_id)::bigint AS users FROM usage_daily_users WHERE ${where(f)}`);
      return r?.users ?? 0;
    },
    eventsByUserType: (f: UsageFilter) =>
      rows(sql<{ user_type: string; events: number }>`
        SELECT user_type, sum(events)::bigint AS events FROM usage_daily_events WHERE ${where(f)} GROUP BY user_type`),
    usersByUserType: (f: UsageFilter) =>
      rows(sql<{ user_type: string; users: number }>`
        SELECT user_type, count(DISTINCT user_id)::bigint AS users FROM usage_daily_users WHERE ${where(f)} GROUP BY user_type`),
    eventsByName: (f: UsageFilter, limit = USAGE_TOP) =>
      rows(sql<{ event: string; count: number }>`
        SELECT event, sum(events)::bigint AS count FROM usage_daily_events WHERE ${where(f)}
        GROUP BY event ORDER BY count DESC, event LIMIT ${limit}`),
    pagesByViews: (f: UsageFilter, limit = USAGE_TOP) =>
      rows(sql<{ page: string; views: number }>`
        SELECT page, sum(views)::bigint AS views FROM usage_daily_pages WHERE ${where(f)}
        GROUP BY page ORDER BY views DESC, page LIMIT ${limit}`),
    async pageViews(f: UsageFilter): Promise<number> {
      const [r] = await rows(sql<{ views: number | null }>`
        SELECT sum(views)::bigint AS views FROM usage_daily_pages WHERE ${where(f)}`);
      return r?.views ?? 0;
    },
    /** Partners by events, with their distinct users over the range and their names. */
    partners: (f: UsageFilter, limit = USAGE_TOP) =>
      rows(sql<{ publisher_id: string; name: string | null; events: number; users: number }>`
        WITH e AS (SELECT publisher_id, sum(events)::bigint AS events FROM usage_daily_events WHERE ${where(f)} GROUP BY publisher_id),
             u AS (SELECT publisher_id, count(DISTINCT user_id)::bigint AS users FROM usage_daily_users WHERE ${where(f)} GROUP BY publisher_id)
        SELECT e.publisher_id, p.name, e.events, COALESCE(u.users, 0)::bigint AS users
        FROM e LEFT JOIN u USING (publisher_id) LEFT JOIN publishers p ON p.id = e.publisher_id
        ORDER BY e.events DESC, e.publisher_id LIMIT ${limit}`),
  };
}
export type UsageRepo = ReturnType<typeof usageRepo>;
