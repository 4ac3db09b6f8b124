import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/** SQL of outside alert recipients and their confirmation (migration 0125). Addresses are lower-cased. */
export function monitorRecipientsRepo(db: Db) {
  return {
    async ofPublisher(publisherId: string, emails: string[]) {
      if (emails.length === 0) return [];
      return db
        .selectFrom('monitor_recipients')
        .select(['email', 'token_hash', 'requested_at', 'confirmed_at'])
        .where('publisher_id', '=', publisherId)
        .where('email', 'in', emails)
        .execute();
    },
    /** A new link for the address (a first request, or one whose link expired or was never sent). */
    async request(publisherId: string, email: string, tokenHash: string): Promise<void> {
      await db
        .insertInto('monitor_recipients')
        .values({ publisher_id: publisherId, email, token_hash: tokenHash })
        .onConflict((oc) =>
          oc.columns(['publisher_id', 'email']).doUpdateSet({ token_hash: tokenHash, requested_at: sql`now()`, confirmed_at: null }),
        )
        .execute();
    },
    /** The row of an unconfirmed, unexpired link, without using it up. */
    async byToken(tokenHash: string, maxAgeHours: number) {
      return db
        .selectFrom('monitor_recipients')
        .innerJoin('publishers', 'publishers.id', 'monitor_recipients.publisher_id')
        .select(['monitor_recipients.publisher_id', 'monitor_recipients.email', 'publishers.name as publisher_name'])
        .where('token_hash', '=', tokenHash)
        .where('confirmed_at', 'is', null)
        .where('requested_at', '>', sql<Date>`now() - make_interval(hours => ${maxAgeHours})`)
        .executeTakeFirst();
    },
    /** Confirms and forgets the link (single use). */
    async confirm(tokenHash: string): Promise<void> {
      await db
        .updateTable('monitor_recipients')
        .set({ confirmed_at: sql`now()`, token_hash: null })
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    async confirmed(publisherId: string, emails: string[]): Promise<string[]> {
      if (emails.length === 0) return [];
      const rows = await db
        .selectFrom('monitor_recipients')
        .select('email')
        .where('publisher_id', '=', publisherId)
        .where('email', 'in', emails)
        .where('confirmed_at', 'is not', null)
        .execute();
      return rows.map((r) => r.email);
    },
    /** Unconfirmed addresses of these publishers, as `publisherId email` keys. */
    async pendingKeys(publisherIds: string[]): Promise<Set<string>> {
      if (publisherIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('monitor_recipients')
        .select(['publisher_id', 'email'])
        .where('publisher_id', 'in', publisherIds)
        .where('confirmed_at', 'is', null)
        .execute();
      return new Set(rows.map((r) => `${r.publisher_id} ${r.email}`));
    },
  };
}
