import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { pathOf, type Endpoint, type EndpointResponse } from '@pc/contracts';
import { apiFetcher, type ApiKey } from './api';
import type { Query } from './api-client';
import type { CallInput } from './endpoint-call';
import { swrOptions } from './swr-options';

export { call, type CallInput } from './endpoint-call';

/** The SWR key of a GET endpoint for one publisher: [path, publisherId, query] (lib/api.ts). */
export function endpointKey<E extends Endpoint & { method: 'GET' }>(
  e: E,
  publisherId: string | null,
  input: Omit<CallInput<E>, 'body'>,
): ApiKey {
  const { params, query } = input as { params?: Record<string, string>; query?: Query };
  return query === undefined ? [pathOf(e, params), publisherId] : [pathOf(e, params), publisherId, { ...query }];
}

/**
 * Page data from a GET endpoint, cached and revalidated by SWR under its {@link endpointKey}. A null
 * input fetches nothing yet (no rule chosen, no id known); `config` adds to the shared SWR options
 * (e.g. polling while something is pending).
 */
export function useEndpoint<E extends Endpoint & { method: 'GET' }>(
  e: E,
  publisherId: string | null,
  input: Omit<CallInput<E>, 'body'> | null,
  config?: SWRConfiguration<EndpointResponse<E>, Error>,
): SWRResponse<EndpointResponse<E>, Error> {
  const key = input === null ? null : endpointKey(e, publisherId, input);
  return useSWR<EndpointResponse<E>, Error, ApiKey | null>(key, apiFetcher, config ? { ...swrOptions, ...config } : swrOptions);
}
