import { sql } from 'kysely';
import type { Db } from '../db/pool';

/**
 * E-mail addresses of a publisher's own active users (their scope lists the id). Staff with scope
 * ALL are not included: they are not mailed about every publisher's events. The one query behind
 * ads.txt alerts, incident notices and payment-settings change mails.
 */
export async function publisherRecipients(db: Db, publisherId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('disabled', '=', false)
    .where(sql<boolean>`${publisherId} = ANY (string_to_array(replace(publisher_scope, ' ', ''), ','))`)
    .orderBy('email')
    .execute();
  return rows.map((r) => r.email);
}
