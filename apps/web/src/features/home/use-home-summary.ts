import useSWR from 'swr';
import type { HomeSummary } from '@pc/contracts';
import { apiFetcher, type ApiKey } from '../../lib/api';
import { swrOptions } from '../../lib/swr-options';

/** GET partner-center/home-summary for the chosen publisher (Publisher-Scope). */
export function useHomeSummary(publisherId: string | null) {
  const key: ApiKey | null = publisherId ? ['partner-center/home-summary', publisherId] : null;
  return useSWR<HomeSummary, Error, ApiKey | null>(key, apiFetcher, swrOptions);
}
