import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { pathOf, type Endpoint, type EndpointInput, type EndpointResponse } from '@pc/contracts';
import { api, apiFetcher, type ApiKey } from './api';
import type { Query, RequestOptions } from './api-client';
import { swrOptions } from './swr-options';

/** An input part the endpoint declares is required; one it does not declare cannot be given. */
type Part<K extends string, V> = [V] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: V };
/** What a call of `E` sends: its path parameters, query and body, typed by its contract entry. */
export type CallInput<E extends Endpoint> = Part<'params', EndpointInput<E>['params']> &
  Part<'query', EndpointInput<E>['query']> &
  Part<'body', EndpointInput<E>['body']>;

type CallOptions = Omit<RequestOptions, 'method' | 'query' | 'body' | 'responseType'>;

/**
 * Calls an endpoint by its contract entry (packages/contracts): the path, method and answer type
 * come from the entry, so a feature never writes an API path. File endpoints answer their text.
 */
export function call<E extends Endpoint>(e: E, input: CallInput<E>, options: CallOptions = {}): Promise<EndpointResponse<E>> {
  const { params, query, body } = input as { params?: Record<string, string>; query?: Query; body?: unknown };
  return api<EndpointResponse<E>>(pathOf(e, params), {
    ...options,
    method: e.method,
    query,
    body,
    responseType: e.produces === 'application/pdf' ? 'blob' : e.produces ? 'text' : 'json',
  });
}

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
