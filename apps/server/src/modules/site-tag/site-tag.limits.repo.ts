import { sql } from 'kysely';
import type { Db } from '../../db/pool';

export interface BucketSpend {
  key: string;
  /** Events spent from this bucket since the last sync. */
  spent: number;
  /** Tokens added per second, and the most the bucket holds. */
  rate: number;
  burst: number;
}

/** SQL of the shared collection buckets and the refused-event counts (migration 0120). */
export function siteTagLimitsRepo(db: Db) {
  return {
    /**
     * Adds what this process spent to every bucket named, refilled by the database's clock (so
     * processes agree on time), and returns what is left for all of them together. A debt (several
     * processes spent the same tokens) is kept down to one burst and paid back before more is
     * accepted. Sorted keys: concurrent syncs lock rows in one order and cannot deadlock.
     */
    async spend(spends: readonly BucketSpend[]): Promise<Map<string, number>> {
      if (spends.length === 0) return new Map();
      const s = [...spends].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const { rows } = await sql<{ key: string; tokens: number }>`
        INSERT INTO site_tag_rate_buckets AS b (key, tokens, rate, burst, updated_at)
        SELECT u.key, u.burst - u.spent, u.rate, u.burst, clock_timestamp()
        FROM unnest(${s.map((x) => x.key)}::text[], ${s.map((x) => x.spent)}::float8[],
                    ${s.map((x) => x.rate)}::float8[], ${s.map((x) => x.burst)}::float8[]) AS u(key, spent, rate, burst)
        ORDER BY u.key
        ON CONFLICT (key) DO UPDATE SET
          tokens = greatest(-EXCLUDED.burst,
            least(EXCLUDED.burst, b.tokens + EXCLUDED.rate * extract(epoch FROM clock_timestamp() - b.updated_at))
            - (EXCLUDED.burst - EXCLUDED.tokens)),
          rate = EXCLUDED.rate, burst = EXCLUDED.burst, updated_at = clock_timestamp()
        RETURNING b.key, b.tokens
      `.execute(db);
      return new Map(rows.map((r) => [r.key, Number(r.tokens)]));
    },

    /** Adds refused events to each site's count of the UTC day. */
    async addRefused(refused: ReadonlyMap<string, number>, day: string): Promise<void> {
      if (refused.size === 0) return;
      const ids = [...refused.keys()].sort();
      await sql`
        INSERT INTO site_tag_refused_events AS r (site_id, day, events)
        SELECT u.site_id, ${day}::date, u.events FROM unnest(${ids}::text[], ${ids.map((id) => refused.get(id)!)}::bigint[]) AS u(site_id, events)
        ORDER BY u.site_id
        ON CONFLICT (site_id, day) DO UPDATE SET events = r.events + EXCLUDED.events
      `.execute(db);
    },

    /** Events refused over a day range, for the given sites. */
    async refusedEvents(siteIds: readonly string[], from: string, to: string): Promise<number> {
      if (siteIds.length === 0) return 0;
      const r = await db
        .selectFrom('site_tag_refused_events')
        .select(sql<number>`coalesce(sum(events), 0)::bigint`.as('events'))
        .where('site_id', 'in', siteIds)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .executeTakeFirst();
      return Number(r?.events ?? 0);
    },

    /** Buckets untouched for a minute are full again: their rows can go (recreated on next use). */
    async sweep(): Promise<void> {
      await sql`DELETE FROM site_tag_rate_buckets WHERE updated_at < clock_timestamp() - interval '1 minute'`.execute(db);
    },
  };
}
export type SiteTagLimitsRepo = ReturnType<typeof siteTagLimitsRepo>;
