import type { AdminPartner, AdminPartnerDetails, AdminPartnerInput, AdminSiteInput, Site } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { HttpError, notFound } from '../../lib/http-error';
import { auditRepo } from '../audit';
import type { ReportEngine } from '../../report-engine/report-engine';
import { adminPartnersRepo } from './admin-partners.repo';

const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, 'Conflict', fields);
type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof adminPartnersRepo>['get']>>>;

const toPartner = (r: Row): AdminPartner => ({
  id: r.id,
  name: r.name,
  currency: r.currency,
  has_direct: r.has_direct,
  appnexus_marketplace_id: r.appnexus_marketplace_id,
  appnexus_direct_id: r.appnexus_direct_id,
  company: r.company,
  sites: r.sites,
  activeSites: r.active_sites,
  created: r.created_at.toISOString(),
});

/**
 * Partners and sites for provider staff. Sites are never deleted: deactivating keeps their
 * reports, ads.txt history and payments. Turning a site's organic flag on or off changes the
 * Reports menu (spec: an ACTIVE site with taboola_organic splits it in two); the web reads the
 * publisher details again, so no extra state is kept here.
 */
export function createAdminPartnersService(deps: {
  db: Db;
  engine: ReportEngine;
  onChanged?: (publisherId: string) => void;
  /** After the engine has the publisher's new site names (cached reports show them). */
  onSitesSynced?: (publisherId: string) => Promise<void>;
}) {
  const { db, engine } = deps;
  const details = async (repo: ReturnType<typeof adminPartnersRepo>, id: string): Promise<AdminPartnerDetails> => {
    const row = await repo.get(id);
    if (!row) throw notFound('No such partner.');
    return { ...toPartner(row), siteList: await repo.sitesOf(id) };
  };
  // The report engine shows site names; tell it about new and renamed sites.
  const syncSite = async (publisherId: string, s: Pick<Site, 'id' | 'name'>) => {
    deps.onChanged?.(publisherId);
    await engine.upsertSites([{ id: s.id, publisherId, name: s.name }]);
    await deps.onSitesSynced?.(publisherId);
  };

  return {
    async list(search: string | undefined, limit: number): Promise<AdminPartner[]> {
      return (await adminPartnersRepo(db).list(search, limit)).map(toPartner);
    },
    get: (id: string) => details(adminPartnersRepo(db), id),

    async create(actor: string, input: AdminPartnerInput): Promise<AdminPartnerDetails> {
      return inTransaction(db, async (trx) => {
        const repo = adminPartnersRepo(trx);
        const id = await repo.insertPartner(input);
        await auditRepo(trx).record({ actorUserId: actor, publisherId: id, action: 'partner.create', details: { after: input } });
        return details(repo, id);
      });
    },

    async update(actor: string, id: string, patch: Partial<AdminPartnerInput>): Promise<AdminPartnerDetails> {
      return inTransaction(db, async (trx) => {
        const repo = adminPartnersRepo(trx);
        const before = await details(repo, id);
        await repo.updatePartner(id, patch);
        const after = await details(repo, id);
        const { siteList: _b, ...b } = before;
        const { siteList: _a, ...a } = after;
        await auditRepo(trx).record({ actorUserId: actor, publisherId: id, action: 'partner.update', details: { before: b, after: a } });
        return after;
      }).finally(() => deps.onChanged?.(id));
    },

    async addSite(actor: string, publisherId: string, input: AdminSiteInput): Promise<Site> {
      const site = await inTransaction(db, async (trx) => {
        const repo = adminPartnersRepo(trx);
        await details(repo, publisherId);
        if (await repo.domainTaken(publisherId, input.domain, null))
          throw conflict('This partner already has a site with this domain.', {
            domain: 'This partner already has a site with this domain.',
          });
        const siteId = await repo.insertSite(publisherId, input);
        const created = (await repo.site(publisherId, siteId))!;
        await auditRepo(trx).record({ actorUserId: actor, publisherId, action: 'site.create', details: { after: created } });
        return created;
      });
      await syncSite(publisherId, site);
      return site;
    },

    async updateSite(actor: string, publisherId: string, siteId: string, patch: Partial<AdminSiteInput>): Promise<Site> {
      const site = await inTransaction(db, async (trx) => {
        const repo = adminPartnersRepo(trx);
        const before = await repo.site(publisherId, siteId);
        if (!before) throw notFound('No such site for this partner.');
        if (patch.domain && (await repo.domainTaken(publisherId, patch.domain, siteId)))
          throw conflict('This partner already has a site with this domain.', {
            domain: 'This partner already has a site with this domain.',
          });
        await repo.updateSite(siteId, patch);
        const after = (await repo.site(publisherId, siteId))!;
        const action =
          before.active && !after.active ? 'site.deactivate' : !before.active && after.active ? 'site.activate' : 'site.update';
        await auditRepo(trx).record({ actorUserId: actor, publisherId, action, details: { before, after } });
        return after;
      });
      await syncSite(publisherId, site);
      return site;
    },
  };
}
export type AdminPartnersService = ReturnType<typeof createAdminPartnersService>;
