import useSWR from 'swr';
import type { Partner, PersonalInfoStored, PublisherDetails } from '@pc/contracts';
import { apiFetcher, type ApiKey } from '../api';
import { swrOptions } from '../swr-options';

/** Partners visible to the user (all for staff). Not publisher-scoped, so the key has no publisher. */
export function usePartners(enabled = true) {
  const key: ApiKey | null = enabled ? ['partners', null] : null;
  return useSWR<Partner[], Error, ApiKey | null>(key, apiFetcher, swrOptions);
}

/** The chosen publisher's details with its sites; keyed by publisher so a switch refetches. */
export function usePublisherDetails(publisherId: string | null) {
  const key: ApiKey | null = publisherId ? ['publisher-details', publisherId, { publisher: publisherId, includeSites: true }] : null;
  return useSWR<PublisherDetails, Error, ApiKey | null>(key, apiFetcher, swrOptions);
}

export function usePersonalInfo() {
  return useSWR<PersonalInfoStored, Error, ApiKey>(['personal-info', null], apiFetcher, swrOptions);
}

/** Exactly when an ACTIVE site has organic recommendations the reports split in two (docs/product.md#routes). */
export function hasActiveOrganicSite(details: Pick<PublisherDetails, 'sites'> | undefined): boolean {
  return !!details?.sites.some((s) => s.active && s.taboola_organic);
}
