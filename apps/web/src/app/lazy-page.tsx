import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * Route-level code splitting: `lazy: lazyPage(() => import('../features/x/routes/x-page'), 'XPage')`.
 * The module loads on the first navigation to the route, so /login stays small.
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string): RouteObject['lazy'] {
  return async () => {
    const mod = await load();
    return { Component: mod[exportName] as ComponentType };
  };
}
