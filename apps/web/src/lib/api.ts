import type { ApiClient, Query, RequestOptions } from './api-client';
import { ApiRequestError } from './api-error';
import { serverError } from './server-error';

let current: ApiClient | null = null;

/** Installed once at start-up (app/bootstrap) with the identity client and the chosen publisher. */
export function configureApi(client: ApiClient): void {
  current = client;
}

/** The shared API client. Features call this, never fetch directly. */
export function api<T>(path: string, options?: RequestOptions): Promise<T> {
  if (!current) throw new Error('The API client is not configured.');
  return current<T>(path, options);
}

/**
 * SWR keys: [path, publisherId, query]. The publisher is part of the key so switching partner
 * re-scopes (Publisher-Scope header) and refetches every scoped resource.
 */
export type ApiKey = readonly [path: string, publisherId: string | null, query?: Query];

/** SWR's fetcher is used for page data loads only, so a 5xx here shows the 500 page (spec). */
export async function apiFetcher<T>(key: ApiKey): Promise<T> {
  const [path, publisherId, query] = key;
  try {
    return await api<T>(path, { publisherId, query });
  } catch (e) {
    if (e instanceof ApiRequestError && e.status >= 500) serverError.report();
    throw e;
  }
}
