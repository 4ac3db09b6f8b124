import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/pool';

export interface TaggedSite {
  id: string;
  publisherId: string;
  name: string;
  domain: string;
  tagKey: string;
  active: boolean;
  eventTrackerDataReceived: boolean;
  /** The tag records one page load in this many; each stored event weighs this much. */
  sampleOneIn: number;
}

export function siteTagRepo(db: Db) {
  const cols = [
    'id',
    'publisher_id',
    'name',
    'domain',
    'tag_key',
    'active',
    'event_tracker_data_received_at',
    'tag_sample_one_in',
  ] as const;
  const toSite = (r: {
    id: string;
    publisher_id: string;
    name: string;
    domain: string;
    tag_key: string;
    active: boolean;
    event_tracker_data_received_at: Date | null;
    tag_sample_one_in: number;
  }): TaggedSite => ({
    id: r.id,
    publisherId: r.publisher_id,
    name: r.name,
    domain: r.domain,
    tagKey: r.tag_key,
    active: r.active,
    eventTrackerDataReceived: r.event_tracker_data_received_at !== null,
    sampleOneIn: r.tag_sample_one_in,
  });
  return {
    async byKey(key: string): Promise<TaggedSite | null> {
      const r = await db.selectFrom('sites').select(cols).where('tag_key', '=', key).where('active', '=', true).executeTakeFirst();
      return r ? toSite(r) : null;
    },
    async byId(siteId: string): Promise<TaggedSite | null> {
      const r = await db.selectFrom('sites').select(cols).where('id', '=', siteId).executeTakeFirst();
      return r ? toSite(r) : null;
    },
    async ofPublisher(publisherId: string): Promise<TaggedSite[]> {
      const rows = await db.selectFrom('sites').select(cols).where('publisher_id', '=', publisherId).orderBy('name').execute();
      return rows.map(toSite);
    },
    /** Stamps the first event; a no-op once set, so every process may call it. */
    async markReceived(siteId: string): Promise<void> {
      await db
        .updateTable('sites')
        .set({ event_tracker_data_received_at: sql<Date>`now()` })
        .where('id', '=', siteId)
        .where('event_tracker_data_received_at', 'is', null)
        .execute();
    },
    async sampleRateOf(siteId: string): Promise<{ publisherId: string; sampleOneIn: number } | null> {
      const r = await db.selectFrom('sites').select(['publisher_id', 'tag_sample_one_in']).where('id', '=', siteId).executeTakeFirst();
      return r ? { publisherId: r.publisher_id, sampleOneIn: r.tag_sample_one_in } : null;
    },
    /** The tag records one page load in `oneIn` from now on (served tags pick it up within their cache time). */
    async setSampleRate(siteId: string, oneIn: number): Promise<void> {
      await db.updateTable('sites').set({ tag_sample_one_in: oneIn }).where('id', '=', siteId).execute();
    },
    /** The day's salt, created by whichever process asks first; salts older than yesterday go. */
    async saltFor(day: string): Promise<string> {
      await db
        .insertInto('site_tag_salts')
        .values({ day, salt: randomBytes(32).toString('hex') })
        .onConflict((oc) => oc.column('day').doNothing())
        .execute();
      await db
        .deleteFrom('site_tag_salts')
        .where('day', '<', sql<string>`(${day}::date - 1)`)
        .execute();
      const r = await db.selectFrom('site_tag_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
      return r.salt;
    },
  };
}
export type SiteTagRepo = ReturnType<typeof siteTagRepo>;
