import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/** SQL for the cross-domain ads.txt views: all publishers (staff) and the people to alert. */
export function adsTxtBulkRepo(db: Db) {
  return {
    /** Publishers that have at least one ads.txt domain, by name. */
    publishersWithDomains(): Promise<{ id: string; name: string }[]> {
      return db
        .selectFrom('publishers as p')
        .select(['p.id', 'p.name'])
        .where(({ exists, selectFrom }) => exists(selectFrom('adstxt_domains as d').select('d.id').whereRef('d.publisher_id', '=', 'p.id')))
        .orderBy('p.name')
        .execute();
    },
    /** Existing domains among `ids`, with their publisher (bulk verify queues one crawl each). */
    domainsByIds(ids: readonly string[]): Promise<{ id: string; publisher_id: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('adstxt_domains').select(['id', 'publisher_id']).where('id', 'in', ids).execute();
    },
    /** E-mail addresses of the active media owners whose scope includes the publisher. */
    async recipientsOf(publisherId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('email')
        .where(sql<boolean>`${publisherId} = ANY (string_to_array(publisher_scope, ','))`)
        .execute();
      return rows.map((r) => r.email);
    },
  };
}
export type AdsTxtBulkRepo = ReturnType<typeof adsTxtBulkRepo>;
