import { sql } from 'kysely';
import type { AdminPartnerInput, AdminSiteInput } from '@pc/contracts';
import type { Db } from '../../db/pool';

/** SQL for the console's partners and sites. */
const blankCompany = {
  website: '',
  address: '',
  city: '',
  country: '',
  zip_code: '',
  registration_number: '',
  type: '',
  vat_registration_office: '',
  email: '',
  first_name: '',
  last_name: '',
  phone: '',
};

export function adminPartnersRepo(db: Db) {
  const partners = () =>
    db
      .selectFrom('publishers as p')
      .leftJoin('companies as c', 'c.publisher_id', 'p.id')
      .select([
        'p.id',
        'p.name',
        'p.currency',
        'p.has_direct',
        'p.appnexus_marketplace_id',
        'p.appnexus_direct_id',
        'p.created_at',
        sql<string>`coalesce(c.name, '')`.as('company'),
        sql<number>`(select count(*)::int from sites s where s.publisher_id = p.id)`.as('sites'),
        sql<number>`(select count(*)::int from sites s where s.publisher_id = p.id and s.active)`.as('active_sites'),
      ]);
  return {
    async list(search: string | undefined, limit: number) {
      let q = partners().orderBy('p.name').limit(limit);
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
        q = q.where((eb) =>
          eb.or([eb('p.name', 'ilike', like), eb('p.id', '=', search), eb(sql<string>`coalesce(c.name, '')`, 'ilike', like)]),
        );
      }
      return q.execute();
    },
    async get(id: string) {
      return partners().where('p.id', '=', id).executeTakeFirst();
    },
    async sitesOf(id: string) {
      return db
        .selectFrom('sites')
        .select(['id', 'name', 'domain', 'active', 'taboola_organic'])
        .where('publisher_id', '=', id)
        .orderBy('id')
        .execute();
    },
    async site(publisherId: string, siteId: string) {
      return db
        .selectFrom('sites')
        .select(['id', 'name', 'domain', 'active', 'taboola_organic'])
        .where('publisher_id', '=', publisherId)
        .where('id', '=', siteId)
        .forUpdate()
        .executeTakeFirst();
    },
    async insertPartner(p: AdminPartnerInput): Promise<string> {
      const { company, ...rest } = p;
      const row = await db
        .insertInto('publishers')
        .values({ id: sql<string>`nextval('publisher_id_seq')::text`, ...rest })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('companies')
        .values({ ...blankCompany, publisher_id: row.id, name: company })
        .execute();
      return row.id;
    },
    async updatePartner(id: string, p: Partial<AdminPartnerInput>): Promise<void> {
      const { company, ...rest } = p;
      if (Object.keys(rest).length) await db.updateTable('publishers').set(rest).where('id', '=', id).execute();
      if (company !== undefined)
        await db
          .insertInto('companies')
          .values({ ...blankCompany, publisher_id: id, name: company })
          .onConflict((oc) => oc.column('publisher_id').doUpdateSet({ name: company }))
          .execute();
    },
    async insertSite(publisherId: string, s: AdminSiteInput): Promise<string> {
      const row = await db
        .insertInto('sites')
        .values({ id: sql<string>`nextval('site_id_seq')::text`, publisher_id: publisherId, ...s })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async updateSite(siteId: string, s: Partial<AdminSiteInput>): Promise<void> {
      if (Object.keys(s).length) await db.updateTable('sites').set(s).where('id', '=', siteId).execute();
    },
    async domainTaken(publisherId: string, domain: string, exceptSiteId: string | null): Promise<boolean> {
      let q = db.selectFrom('sites').select('id').where('publisher_id', '=', publisherId).where('domain', '=', domain);
      if (exceptSiteId) q = q.where('id', '<>', exceptSiteId);
      return !!(await q.executeTakeFirst());
    },
  };
}
export type AdminPartnersRepo = ReturnType<typeof adminPartnersRepo>;
