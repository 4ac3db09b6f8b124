import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isHelpWidgetAllowed, reloadProductTour, setHelpWidgetVisible } from '../lib/tracking/third-party';
import { useAuthState } from '../lib/identity/auth-context';
import { useConfig } from '../lib/config-context';
import { serverError, useServerError } from '../lib/server-error';
import { LazyServerErrorPage } from '../components/ui/lazy-error-pages';

/** Root layout: per-navigation effects of the third-party tools and the document title. */
export function RootLayout() {
  const { pathname } = useLocation();
  const config = useConfig();
  const failed = useServerError();
  const signedIn = useAuthState().status === 'signedIn';
  const helpWidget = isHelpWidgetAllowed(pathname, signedIn);
  const helpWidgetId = config.analytics.helpWidgetId;
  const helpWidgetWanted = useRef(helpWidget);
  // A new address starts clean: the 500 page belongs to the page whose data load failed.
  useEffect(() => serverError.clear(), [pathname]);
  useEffect(() => {
    document.title = config.productName;
    reloadProductTour();
  }, [pathname, config.productName]);
  useEffect(() => {
    // Loaded on the first page where it may show; hidden (not unloaded) where it may not, also when
    // the user has moved on to such a page before the script finished loading.
    helpWidgetWanted.current = helpWidget;
    if (helpWidget && helpWidgetId)
      void import('../lib/tracking/third-party-loader')
        .then((m) => m.loadHelpWidget(config.analytics, () => setHelpWidgetVisible(helpWidgetWanted.current)))
        .catch(() => undefined);
    setHelpWidgetVisible(helpWidget);
  }, [helpWidget, helpWidgetId, config.analytics]);
  return failed ? <LazyServerErrorPage /> : <Outlet />;
}
