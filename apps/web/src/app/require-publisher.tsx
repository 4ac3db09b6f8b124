import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { StorageKeys, writeString } from '../lib/storage';
import { Routes, scopeAllows } from '@pc/contracts';
import { useAuthState } from '../lib/identity/auth-context';
import { setChosenPublisherId, useChosenPublisherId } from '../lib/chosen-publisher';
import { PageLoader } from '../components/ui/spinner';

/**
 * Shell pages need a chosen publisher id (docs/product.md#routes). A single-publisher user gets theirs
 * automatically; an id outside the user's scope (left by another user on this browser) is dropped.
 */
export function RequirePublisher() {
  const auth = useAuthState();
  const chosen = useChosenPublisherId();
  const scope = auth.status === 'signedIn' ? auth.scope : null;
  const single = scope?.type === 'external_single' ? scope.publisherId : null;
  const invalid = !!scope && !!chosen && !scopeAllows(scope, chosen);
  const location = useLocation();

  useEffect(() => {
    if (single && chosen !== single) setChosenPublisherId(single);
    else if (invalid) setChosenPublisherId(null);
  }, [single, chosen, invalid]);

  if (!scope) return <Navigate to={Routes.login} replace />;
  if (single && chosen !== single) return <PageLoader />;
  if (!chosen || invalid) {
    // Come back here once a partner is chosen (the selection page reads and clears it).
    if (location.pathname !== Routes.home) writeString(StorageKeys.redirectPath, location.pathname + location.search);
    return <Navigate to={Routes.partnerSelection} replace />;
  }
  return <Outlet />;
}
