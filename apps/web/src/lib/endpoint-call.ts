import { mediaTypesOf, pathOf, type Endpoint, type EndpointInput, type EndpointResponse } from '@pc/contracts';
import { api } from './api';
import type { Query, RequestOptions } from './api-client';

/*
 * Kept apart from the SWR hooks (lib/endpoints.ts): modules of the light sign-in entry (accepting an
 * invitation, tracking, leaving a partner view) call endpoints, and SWR must not load with /login.
 */

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
    responseType: e.produces === undefined ? 'json' : mediaTypesOf(e).every((t) => t.startsWith('text/')) ? 'text' : 'blob',
  });
}
