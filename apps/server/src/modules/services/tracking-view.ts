import { isProductActivated, SERVICE_CATALOGUE, sitePlanStatus, type ProductStatus, type SiteTrackingView } from '@pc/contracts';
import type { DataIntegrationRow, SiteRow, SiteServiceRow } from './services.repo';

const RANK: Record<ProductStatus, number> = { NOT_ACTIVATED: 0, PENDING: 1, ACTIVATED: 2 };
const TAG_SERVICES = new Set<string>(SERVICE_CATALOGUE.filter((s) => s.usesSiteTag).map((s) => s.id));

/**
 * The spec's "Site (tracking view)" for each active site of a publisher. The product is the site
 * integration (the site tag): its status is the furthest state of the site-tag services on the
 * site; isSiteActivated is the spec's "product activated" (ACTIVATED and event-tracker data
 * received); isOnboardedOnDMoc is a confirmed data integration.
 */
export function trackingViews(sites: SiteRow[], states: SiteServiceRow[], integrations: DataIntegrationRow[]): SiteTrackingView[] {
  const active = sites.filter((s) => s.active);
  const productStatus = (siteId: string): ProductStatus =>
    states
      .filter((r) => r.site_id === siteId && TAG_SERVICES.has(r.service_id))
      .reduce<ProductStatus>((best, r) => (RANK[r.status] > RANK[best] ? r.status : best), 'NOT_ACTIVATED');
  const statuses = new Map(active.map((s) => [s.id, productStatus(s.id)]));
  const atLeastOneSitetagOnboarding = [...statuses.values()].some((s) => s !== 'NOT_ACTIVATED');
  return active.map((s) => {
    const product = { status: statuses.get(s.id)!, eventTrackerDataReceived: s.event_tracker_data_received_at !== null };
    const isSiteActivated = isProductActivated(product);
    const isOnboardedOnDMoc = integrations.some((d) => d.site_id === s.id && d.status === 'CONFIRMED');
    return {
      siteId: s.id,
      siteName: s.name,
      domain: s.domain,
      isSiteActivated,
      isOnboardedOnDMoc,
      product,
      atLeastOneSitetagOnboarding,
      planStatus: sitePlanStatus(isSiteActivated, isOnboardedOnDMoc),
    };
  });
}
