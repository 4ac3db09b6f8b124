import { Component, lazy, Suspense, useLayoutEffect, type ReactNode } from 'react';
import {
  createPath,
  Route,
  Routes as RouteSwitch,
  UNSAFE_createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  type To,
} from 'react-router';
import { Routes, SERVER_ERROR_PATH, SIGNED_OUT_PATHS } from '@pc/contracts';
import type { AppRouting } from './bootstrap';
import { RootLayout } from './route-effects';
import { LoginPage } from '../features/auth/login-page';
import { ForgotPage } from '../features/auth/forgot-page';
import { PageLoader } from '../components/ui/spinner';
import { LazyServerErrorPage } from '../components/ui/lazy-error-pages';
import { handEventsToNextPage } from '../lib/tracking/track';

const AcceptInvitationPage = lazy(() =>
  import('../features/auth/accept-invitation-page').then((m) => ({ default: m.AcceptInvitationPage })),
);
const RenderErrorPage = lazy(() => import('../components/ui/render-error-page').then((m) => ({ default: m.RenderErrorPage })));

type History = Parameters<typeof HistoryRouter>[0]['history'];

const SIGN_IN_PATHS: readonly string[] = [...SIGNED_OUT_PATHS, SERVER_ERROR_PATH];

/**
 * The browser history, except that going to a page of the full app (the page a sign-in goes on
 * to) is a full page load of it. Not a client-side navigation first and a reload after: the
 * address would show the app's page while this entry is still on screen.
 */
function signInHistory(): History {
  const history = UNSAFE_createBrowserHistory({ v5Compat: true });
  const href = (to: To) => (typeof to === 'string' ? to : createPath(to));
  const staysHere = (to: To) => SIGN_IN_PATHS.includes(new URL(href(to), window.location.href).pathname);
  return Object.assign(Object.create(history) as History, {
    push: (to: To, state?: unknown) => (staysHere(to) ? history.push(to, state) : window.location.assign(href(to))),
    replace: (to: To, state?: unknown) => (staysHere(to) ? history.replace(to, state) : window.location.replace(href(to))),
  });
}

/**
 * An address that is not a signed-out page reached by Back or Forward belongs to the full app,
 * which this entry does not contain: a full page load fetches it.
 */
function FullAppLoad() {
  const { pathname, search, hash } = useLocation();
  useLayoutEffect(() => window.location.replace(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return <PageLoader />;
}

/** The full app's route errorElement, for a router without data APIs: the same fallback page. */
class RenderErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <Suspense fallback={<PageLoader />}>
        <RenderErrorPage error={this.state.error} />
      </Suspense>
    );
  }
}

/**
 * The signed-out pages, with the same components, layout and per-route effects as in the full app,
 * and nothing of the shell, SWR or charts. Rendered inside a browser router by the sign-in entry
 * and inside a static one by the build's pre-render (sign-in-prerender.tsx): the same tree, so the
 * pre-rendered HTML hydrates.
 */
export function signInRoutes(): ReactNode {
  return (
    <RenderErrorBoundary>
      <RouteSwitch>
        <Route element={<RootLayout />}>
          <Route path={Routes.login} element={<LoginPage />} />
          <Route path={Routes.forgot} element={<ForgotPage />} />
          <Route
            path={Routes.acceptInvitation}
            element={
              <Suspense fallback={<PageLoader />}>
                <AcceptInvitationPage />
              </Suspense>
            }
          />
          <Route path={SERVER_ERROR_PATH} element={<LazyServerErrorPage />} />
          <Route path="*" element={<FullAppLoad />} />
        </Route>
      </RouteSwitch>
    </RenderErrorBoundary>
  );
}

/**
 * The routing of the light sign-in entry (sign-in.html). A declarative router:
 * the data router's code (loaders, fetchers, revalidation) is a third of react-router and these
 * pages use none of it.
 */
export function createSignInRouting(): AppRouting {
  // Leaving these pages is a full page load: the Login event goes with the app's page.
  handEventsToNextPage();
  return {
    // The auth store navigates only away from protected pages, which are the full app's.
    navigate: (path) => window.location.assign(path),
    element: <HistoryRouter history={signInHistory()}>{signInRoutes()}</HistoryRouter>,
  };
}
