import type { ApiClient, Query, RequestOptions } from './api-client';

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

export function apiFetcher<T>(key: ApiKey): Promise<T> {
  const [path, publisherId, query] = key;
  return api<T>(path, { publisherId, query });
}
