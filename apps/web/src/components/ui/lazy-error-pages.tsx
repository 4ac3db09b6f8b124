import { lazy, Suspense } from 'react';
import { PageLoader } from './spinner';

// Error pages are rare: they load on demand so they add nothing to the first paint of /login.
const ServerErrorPageLazy = lazy(() => import('./server-error-page').then((m) => ({ default: m.ServerErrorPage })));
const NotFoundPageLazy = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

export function LazyServerErrorPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <ServerErrorPageLazy />
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
