import { personalInfoEndpoints, publishersEndpoints, type PublisherDetails } from '@pc/contracts';
import { useEndpoint } from '../endpoints';

/** Partners visible to the user (all for staff). Not publisher-scoped, so the key has no publisher. */
export function usePartners(enabled = true) {
  return useEndpoint(publishersEndpoints.partners, null, enabled ? {} : null);
}

/** The chosen publisher's details with its sites; keyed by publisher so a switch refetches. */
export function usePublisherDetails(publisherId: string | null) {
  return useEndpoint(publishersEndpoints.details, publisherId, publisherId ? { query: { publisher: publisherId, includeSites: 'true' } } : null);
}

export function usePersonalInfo() {
  return useEndpoint(personalInfoEndpoints.get, null, {});
}

/** Exactly when an ACTIVE site has organic recommendations the reports split in two (docs/product.md#routes). */
export function hasActiveOrganicSite(details: Pick<PublisherDetails, 'sites'> | undefined): boolean {
  return !!details?.sites.some((s) => s.active && s.taboola_organic);
}
