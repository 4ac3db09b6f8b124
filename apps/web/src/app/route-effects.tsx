import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isHelpWidgetHidden, reloadProductTour, setHelpWidgetVisible } from '../lib/tracking/third-party';
import { useConfig } from '../lib/config-context';

/** Root layout: per-navigation effects of the third-party tools and the document title. */
export function RootLayout() {
  const { pathname } = useLocation();
  const config = useConfig();
  useEffect(() => {
    document.title = config.productName;
    setHelpWidgetVisible(!isHelpWidgetHidden(pathname));
    reloadProductTour();
  }, [pathname, config.productName]);
  return <Outlet />;
}
