import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import type { AppRouting } from './bootstrap';
import { Routes, SERVER_ERROR_PATH } from '@pc/contracts';
import { RootLayout } from './route-effects';
import { RequireAuth } from './guards';
import { lazyPage } from './lazy-page';
import { featureRoutes } from './feature-routes';
import { PageLoader } from '../components/ui/spinner';
import { LazyNotFoundPage, LazyServerErrorPage } from '../components/ui/lazy-error-pages';
import { RouteErrorElement } from './page-load-error';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: PageLoader,
    errorElement: <RouteErrorElement />,
    children: [
      // A first visit to a signed-out page gets the light sign-in entry (sign-in.html, served by
      // the server); here they are reached only from inside the app (sign-out, an expired
      // session), so they load on demand and keep the app's first bundle smaller.
      { path: Routes.login, lazy: lazyPage(() => import('../features/auth/login-page'), 'LoginPage') },
      { path: Routes.forgot, lazy: lazyPage(() => import('../features/auth/forgot-page'), 'ForgotPage') },
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
                    errorElement: <RouteErrorElement />,
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

/** The full app's routing for bootstrap(). */
export function createAppRouting(): AppRouting {
  const router = createBrowserRouter(routes);
  return { element: <RouterProvider router={router} />, navigate: (path) => void router.navigate(path) };
}
