import type { Company, Partner, PublisherDetails, Site } from '@pc/contracts';
import type { Db } from '../../db/pool';

const COMPANY_FIELDS = [
  'name',
  'website',
  'address',
  'city',
  'country',
  'zip_code',
  'registration_number',
  'type',
  'vat_registration_office',
  'email',
  'first_name',
  'last_name',
  'phone',
] as const;

export function publishersRepo(db: Db) {
  return {
    /** All partners, or only the listed ids; ordered by name for the switcher. */
    async listPartners(ids: string[] | 'ALL'): Promise<Partner[]> {
      let q = db.selectFrom('publishers').select(['id', 'name']).orderBy('name').orderBy('id');
      if (ids !== 'ALL') {
        if (ids.length === 0) return [];
        q = q.where('id', 'in', ids);
      }
      return (await q.execute()).map((r) => ({ name: r.name, publisherId: r.id }));
    },

    async getDetails(publisherId: string, includeSites: boolean): Promise<PublisherDetails | null> {
      const p = await db
        .selectFrom('publishers')
        .leftJoin('companies', 'companies.publisher_id', 'publishers.id')
        .select([
          'publishers.id',
          'publishers.name as publisher_name',
          'currency',
          'has_direct',
          'appnexus_marketplace_id',
          'appnexus_direct_id',
        ])
        .select(COMPANY_FIELDS.map((f) => `companies.${f}` as const))
        .where('publishers.id', '=', publisherId)
        .executeTakeFirst();
      if (!p) return null;
      const sites: Site[] = includeSites
        ? await db
            .selectFrom('sites')
            .select(['id', 'name', 'domain', 'active', 'taboola_organic'])
            .where('publisher_id', '=', publisherId)
            .orderBy('name')
            .execute()
        : [];
      const company = Object.fromEntries(COMPANY_FIELDS.map((f) => [f, (p as Record<string, unknown>)[f] ?? ''])) as Company;
      return {
        id: p.id,
        name: p.publisher_name,
        currency: p.currency,
        has_direct: p.has_direct,
        appnexus_id: { marketplace: p.appnexus_marketplace_id, direct: p.appnexus_direct_id },
        sites,
        company,
      };
    },

    async upsertCompany(publisherId: string, company: Company): Promise<void> {
      await db
        .insertInto('companies')
        .values({ publisher_id: publisherId, ...company })
        .onConflict((oc) => oc.column('publisher_id').doUpdateSet({ ...company, updated_at: new Date() }))
        .execute();
    },
  };
}
export type PublishersRepo = ReturnType<typeof publishersRepo>;

/**
 * What other areas read and lock of a publisher, in one place (exported by index.ts): the row lock
 * that serialises a publisher's limited writes, its currency, its sites' names, whether a site is its.
 */
export function publisherRecords(db: Db) {
  return {
    /**
     * Locks the publisher's row until the transaction ends: a write that checks a limit first (rules,
     * keys, monitors) or reads what another would change (a month close) runs one at a time per
     * publisher, so two at once cannot both pass the check.
     */
    async lock(publisherId: string): Promise<void> {
      await db.selectFrom('publishers').select('id').where('id', '=', publisherId).forUpdate().execute();
    },
    /**
     * The publisher's currency, 'USD' when there is no such publisher: USD is what the column
     * defaults to (migration 0001), so a publisher not found is priced as a new one would be, and no
     * caller picks a fallback of its own.
     */
    async currencyOf(publisherId: string): Promise<string> {
      const row = await db.selectFrom('publishers').select('currency').where('id', '=', publisherId).executeTakeFirst();
      return row?.currency ?? 'USD';
    },
    /** The names of the publishers' sites, by site id. */
    async siteNames(publisherIds: readonly string[]): Promise<Map<string, string>> {
      if (publisherIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('sites')
        .select(['id', 'name'])
        .where('publisher_id', 'in', [...publisherIds])
        .execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    async hasSite(publisherId: string, siteId: string): Promise<boolean> {
      const row = await db
        .selectFrom('sites')
        .select('id')
        .where('id', '=', siteId)
        .where('publisher_id', '=', publisherId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
