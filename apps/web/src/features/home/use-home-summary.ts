import { reportsEndpoints } from '@pc/contracts';
import { useEndpoint } from '../../lib/endpoints';

/** The home page's revenue figures for the chosen publisher (Publisher-Scope). */
export function useHomeSummary(publisherId: string | null) {
  return useEndpoint(reportsEndpoints.homeSummary, publisherId, publisherId ? {} : null);
}
