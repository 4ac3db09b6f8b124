import type { DataIntegrationStatus, ProductStatus } from '@pc/contracts';
import type { Db } from '../../db/pool';

export interface SiteRow {
  id: string;
  name: string;
  domain: string;
  active: boolean;
  event_tracker_data_received_at: Date | null;
}

export interface SiteServiceRow {
  site_id: string;
  service_id: string;
  status: ProductStatus;
  requested_at: Date | null;
  activated_at: Date | null;
}

export interface SiteAdsTxtRow {
  id: string;
  site_id: string;
  hosted_enabled: boolean;
  redirection_status: string;
  redirection_reason: string | null;
  claim_status: 'active' | 'pending' | 'rejected';
}

export interface SiteMonitorRow {
  site_id: string | null;
  url: string;
  paused: boolean;
}

/**
 * The facts a site's status is made of, read from the areas that own them (read-only SQL: each area
 * keeps writing its own tables).
 */
export function siteStatusRepo(db: Db) {
  return {
    sites(publisherId: string): Promise<SiteRow[]> {
      return db
        .selectFrom('sites')
        .select(['id', 'name', 'domain', 'active', 'event_tracker_data_received_at'])
        .where('publisher_id', '=', publisherId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },
    serviceStates(publisherId: string): Promise<SiteServiceRow[]> {
      return db
        .selectFrom('site_services')
        .select(['site_id', 'service_id', 'status', 'requested_at', 'activated_at'])
        .where('publisher_id', '=', publisherId)
        .execute() as Promise<SiteServiceRow[]>;
    },
    integrations(publisherId: string): Promise<{ site_id: string; status: DataIntegrationStatus }[]> {
      return db.selectFrom('data_integrations').select(['site_id', 'status']).where('publisher_id', '=', publisherId).execute() as Promise<
        { site_id: string; status: DataIntegrationStatus }[]
      >;
    },
    monitors(publisherId: string): Promise<SiteMonitorRow[]> {
      return db.selectFrom('monitors').select(['site_id', 'url', 'paused']).where('publisher_id', '=', publisherId).execute();
    },
    /** The sites each active rule applies to; null is every site of the publisher. */
    async activeRuleSites(publisherId: string): Promise<(string[] | null)[]> {
      const rows = await db
        .selectFrom('blocking_rules')
        .select('site_ids')
        .where('publisher_id', '=', publisherId)
        .where('status', '=', 'active')
        .execute();
      return rows.map((r) => r.site_ids ?? null);
    },
    adsTxtDomains(publisherId: string): Promise<SiteAdsTxtRow[]> {
      return db
        .selectFrom('adstxt_domains')
        .select(['id', 'site_id', 'hosted_enabled', 'redirection_status', 'redirection_reason', 'claim_status'])
        .where('publisher_id', '=', publisherId)
        .where('kind', '=', 'web')
        .where('site_id', 'is not', null)
        .orderBy('created_at')
        .execute() as Promise<SiteAdsTxtRow[]>;
    },
  };
}

export type SiteStatusRepo = ReturnType<typeof siteStatusRepo>;
