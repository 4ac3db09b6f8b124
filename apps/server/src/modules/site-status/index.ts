import type { Db } from '../../db/pool';
import { siteStatuses, type SiteStatus } from './site-status';
import { siteStatusRepo, type SiteServiceRow } from './site-status.repo';

export { monitorCovers, sitesUsing, type SiteStatus } from './site-status';
export type { SiteRow, SiteServiceRow } from './site-status.repo';

/** One read model of a publisher's sites, shared by Services, Setup, the home page and My Plans. */
export function createSiteStatusService(db: Db) {
  const repo = siteStatusRepo(db);
  return {
    async statusesOf(publisherId: string): Promise<{ statuses: SiteStatus[]; states: SiteServiceRow[] }> {
      const [sites, states, integrations, monitors, ruleSites, adsTxt] = await Promise.all([
        repo.sites(publisherId),
        repo.serviceStates(publisherId),
        repo.integrations(publisherId),
        repo.monitors(publisherId),
        repo.activeRuleSites(publisherId),
        repo.adsTxtDomains(publisherId),
      ]);
      return { statuses: siteStatuses({ sites, states, integrations, monitors, ruleSites, adsTxt }), states };
    },
    /** Every site of the publisher, inactive ones too, by name: what an area checks a chosen site against. */
    sitesOf: (publisherId: string) => repo.sites(publisherId),
  };
}

export type SiteStatusService = ReturnType<typeof createSiteStatusService>;
