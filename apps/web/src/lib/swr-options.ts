import type { SWRConfiguration } from 'swr';

/**
 * Data fetching as docs/product.md#api-client says: no revalidate on focus, revalidate if stale, one
 * error retry. Passed to every hook (lib/data) instead of a root SWRConfig, so swr loads with the
 * first data page rather than with /login.
 */
export const swrOptions = {
  revalidateOnFocus: false,
  revalidateIfStale: true,
  errorRetryCount: 1,
} as const satisfies SWRConfiguration;
