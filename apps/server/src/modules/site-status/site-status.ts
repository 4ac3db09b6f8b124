import { isProductActivated, SERVICE_CATALOGUE, sitePlanStatus, type ProductStatus, type SiteTrackingView } from '@pc/contracts';
import type { SiteAdsTxtRow, SiteMonitorRow, SiteRow, SiteServiceRow } from './site-status.repo';

/** Everything a publisher's site statuses are computed from, read in one go. */
export interface SiteStatusFacts {
  sites: SiteRow[];
  states: SiteServiceRow[];
  integrations: { site_id: string; status: string }[];
  monitors: SiteMonitorRow[];
  /** Per active blocking rule, the sites it applies to (null: every site). */
  ruleSites: (string[] | null)[];
  adsTxt: SiteAdsTxtRow[];
}

/**
 * One active site as every page shows it: Services, Setup, the home page and My Plans read these
 * facts instead of each counting from its own query, so they cannot disagree.
 */
export interface SiteStatus {
  site: SiteRow;
  /** The spec's tracking view (plan status from the site tag's activation and data integration). */
  tracking: SiteTrackingView;
  /** The furthest state of the site-tag services on the site. */
  tagState: ProductStatus;
  /** Monitors that check the site and are not paused. */
  monitors: number;
  /** Active blocking rules that apply to the site. */
  blockingRules: number;
  /** The site's web domain in ads.txt management, if listed. */
  adsTxt: SiteAdsTxtRow | undefined;
  /** The catalogue's services this site really uses (see `serviceInUse`). */
  servicesInUse: ReadonlySet<string>;
}

const RANK: Record<ProductStatus, number> = { NOT_ACTIVATED: 0, PENDING: 1, ACTIVATED: 2 };
const TAG_SERVICES = new Set<string>(SERVICE_CATALOGUE.filter((s) => s.usesSiteTag).map((s) => s.id));
const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** A monitor covers a site when it is tied to it, or when it checks the site's own host. */
export function monitorCovers(m: { site_id: string | null; url: string }, site: { id: string; domain: string }): boolean {
  if (m.site_id === site.id) return true;
  if (m.site_id !== null) return false;
  try {
    return bare(new URL(m.url).hostname) === bare(site.domain);
  } catch {
    return false;
  }
}

function tagStateOf(states: SiteServiceRow[], siteId: string): ProductStatus {
  return states
    .filter((r) => r.site_id === siteId && TAG_SERVICES.has(r.service_id))
    .reduce<ProductStatus>((best, r) => (RANK[r.status] > RANK[best] ? r.status : best), 'NOT_ACTIVATED');
}

/**
 * Whether a site uses a service, from what happens rather than from what was requested: the
 * site-tag services once the tag's data arrives, ads.txt once the domain is managed, uptime once a
 * running monitor checks the site, blocking once an active rule applies to it, data integration
 * once confirmed.
 */
function servicesInUse(s: Omit<SiteStatus, 'servicesInUse'>, integrationConfirmed: boolean): Set<string> {
  const used = new Set<string>();
  if (s.site.event_tracker_data_received_at !== null) for (const id of TAG_SERVICES) used.add(id);
  if (s.adsTxt?.claim_status === 'active') used.add('ads-txt');
  if (s.monitors > 0) used.add('observability');
  if (s.blockingRules > 0) used.add('blocking');
  if (integrationConfirmed) used.add('data-integration');
  return used;
}

/** The status of each active site, in the facts' site order. */
export function siteStatuses(f: SiteStatusFacts): SiteStatus[] {
  const active = f.sites.filter((s) => s.active);
  const tagStates = new Map(active.map((s) => [s.id, tagStateOf(f.states, s.id)]));
  const atLeastOneSitetagOnboarding = [...tagStates.values()].some((s) => s !== 'NOT_ACTIVATED');
  return active.map((site) => {
    const tagState = tagStates.get(site.id)!;
    const product = { status: tagState, eventTrackerDataReceived: site.event_tracker_data_received_at !== null };
    const isSiteActivated = isProductActivated(product);
    const isOnboardedOnDMoc = f.integrations.some((d) => d.site_id === site.id && d.status === 'CONFIRMED');
    const tracking: SiteTrackingView = {
      siteId: site.id,
      siteName: site.name,
      domain: site.domain,
      isSiteActivated,
      isOnboardedOnDMoc,
      product,
      atLeastOneSitetagOnboarding,
      planStatus: sitePlanStatus(isSiteActivated, isOnboardedOnDMoc),
    };
    const status = {
      site,
      tracking,
      tagState,
      monitors: f.monitors.filter((m) => !m.paused && monitorCovers(m, site)).length,
      blockingRules: f.ruleSites.filter((ids) => ids === null || ids.includes(site.id)).length,
      adsTxt: f.adsTxt.find((d) => d.site_id === site.id),
    };
    return { ...status, servicesInUse: servicesInUse(status, isOnboardedOnDMoc) };
  });
}

/** How many of the sites use a service (the "n of m sites" on Services). */
export const sitesUsing = (statuses: readonly SiteStatus[], serviceId: string): number =>
  statuses.filter((s) => s.servicesInUse.has(serviceId)).length;
