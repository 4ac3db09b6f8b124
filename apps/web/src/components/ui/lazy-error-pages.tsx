import { lazy, Suspense } from 'react';
import { PageLoader } from './spinner';

// Error pages are rare: they load on demand so they add nothing to the first paint of /login.
const ServerErrorPageLazy = lazy(() => import('./server-error-page').then((m) => ({ default: m.ServerErrorPage })));
const RouteErrorPageLazy = lazy(() => import('./render-error-page').then((m) => ({ default: m.RouteErrorPage })));
const NotFoundPageLazy = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

export function LazyServerErrorPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <ServerErrorPageLazy />
    </Suspense>
  );
}

/** Router errorElement (render failure of the shell or a page). */
export function LazyRouteErrorPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <RouteErrorPageLazy />
    </Suspense>
  );
}

export function LazyNotFoundPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <NotFoundPageLazy />
    </Suspense>
  );
}
