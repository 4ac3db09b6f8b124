import { Navigate, Outlet, useLocation } from 'react-router';
import { Routes } from '@pc/contracts';
import { useAuthState } from '../lib/identity/auth-context';
import { PageLoader } from '../components/ui/spinner';

/** Protected pages: the loader until the auth state is known, then the page or /login. */
export function RequireAuth() {
  const auth = useAuthState();
  const location = useLocation();
  if (auth.status === 'unknown') return <PageLoader />;
  // The auth store already remembered the path; this covers first renders while it navigates.
  if (auth.status === 'signedOut') return <Navigate to={Routes.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
