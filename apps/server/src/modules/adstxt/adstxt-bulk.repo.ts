import type { Db } from '../../db/pool';
import { publisherRecipients } from '../../mail/publisher-recipients';

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
    /** E-mail addresses of the publisher's own active users (the shared query in mail/publisher-recipients.ts). */
    recipientsOf: (publisherId: string) => publisherRecipients(db, publisherId),
  };
}
export type AdsTxtBulkRepo = ReturnType<typeof adsTxtBulkRepo>;
