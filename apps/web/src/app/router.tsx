import { createBrowserRouter, type RouteObject } from 'react-router';
import { Routes } from '@pc/contracts';
import { RootLayout } from './route-effects';
import { RequireAuth } from './guards';
import { lazyPage } from './lazy-page';
import { featureRoutes } from './feature-routes';
import { LoginPage } from '../features/auth/login-page';
import { ForgotPage } from '../features/auth/forgot-page';
import { PageLoader } from '../components/ui/spinner';
import { LazyNotFoundPage, LazyRouteErrorPage, LazyServerErrorPage } from '../components/ui/lazy-error-pages';

export const SERVER_ERROR_PATH = '/500';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: PageLoader,
    errorElement: <LazyRouteErrorPage />,
    children: [
      // The signed-out pages are in the first bundle: they are what a first visit paints, and a
      // lazy chunk would keep the page on the loader until after the load event. Their
      // validation code loads on the first submit.
      { path: Routes.login, Component: LoginPage },
      { path: Routes.forgot, Component: ForgotPage },
      { path: Routes.acceptInvitation, lazy: lazyPage(() => import('../features/auth/accept-invitation-page'), 'AcceptInvitationPage') },
      { path: SERVER_ERROR_PATH, element: <LazyServerErrorPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            path: Routes.partnerSelection,
            lazy: lazyPage(() => import('../features/partner-selection/partner-selection-page'), 'PartnerSelectionPage'),
          },
          {
            // Loaded with the first protected page (it needs the zod-backed scope helpers).
            lazy: lazyPage(() => import('./require-publisher'), 'RequirePublisher'),
            children: [
              {
                // The shell; a failure rendering it bubbles to the root fallback page.
                lazy: lazyPage(() => import('../features/shell/shell-layout'), 'ShellLayout'),
                children: [
                  {
                    // A page failure shows the fallback inside the shell, so navigation keeps working.
                    errorElement: <LazyRouteErrorPage />,
                    children: [...featureRoutes, { path: '*', element: <LazyNotFoundPage /> }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
