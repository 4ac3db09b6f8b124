import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isHelpWidgetHidden, reloadProductTour, setHelpWidgetVisible } from '../lib/tracking/third-party';
import { useConfig } from '../lib/config-context';
import { serverError, useServerError } from '../lib/server-error';
import { LazyServerErrorPage } from '../components/ui/lazy-error-pages';

/** Root layout: per-navigation effects of the third-party tools and the document title. */
export function RootLayout() {
  const { pathname } = useLocation();
  const config = useConfig();
  const failed = useServerError();
  // A new address starts clean: the 500 page belongs to the page whose data load failed.
  useEffect(() => serverError.clear(), [pathname]);
  useEffect(() => {
    document.title = config.productName;
    setHelpWidgetVisible(!isHelpWidgetHidden(pathname));
    reloadProductTour();
  }, [pathname, config.productName]);
  return failed ? <LazyServerErrorPage /> : <Outlet />;
}
