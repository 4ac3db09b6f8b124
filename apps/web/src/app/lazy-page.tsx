import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoadError } from './page-load-error';

/**
 * Route-level code splitting: `lazy: lazyPage(() => import('../features/x/routes/x-page'), 'XPage')`.
 * The module loads on the first navigation to the route, so /login stays small.
 *
 * The router keeps the first answer of a route's `lazy` for good, a failure too, so a chunk that did
 * not download (offline) must not fail `lazy`: the route gets a stand-in that throws a PageLoadError
 * to the route's error element until the error element's retry has downloaded the module.
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string): RouteObject['lazy'] {
  return async () => {
    try {
      const mod = await load();
      return { Component: mod[exportName] as ComponentType };
    } catch (cause) {
      return { Component: retryablePage(load, exportName, cause) };
    }
  };
}

function retryablePage<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string, cause: unknown) {
  let Loaded: ComponentType | null = null;
  const error = new PageLoadError(cause, async () => {
    Loaded = (await load())[exportName] as ComponentType;
  });
  return function RetryablePage() {
    if (!Loaded) throw error;
    return <Loaded />;
  };
}
