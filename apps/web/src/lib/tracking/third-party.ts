import { HELP_WIDGET_HIDDEN_ROUTES, SIGNED_OUT_PATHS } from '@pc/contracts';

/** The help widget is absent on the spec's five routes (and their sub-routes). */
export function isHelpWidgetHidden(pathname: string): boolean {
  return HELP_WIDGET_HIDDEN_ROUTES.some((r) => pathname === r || pathname.startsWith(`${r}/`));
}

/** The help widget shows on signed-in pages outside the spec's hidden routes, and nowhere else. */
export function isHelpWidgetAllowed(pathname: string, signedIn: boolean): boolean {
  return signedIn && !SIGNED_OUT_PATHS.includes(pathname) && !isHelpWidgetHidden(pathname);
}

interface VendorGlobals {
  zE?: (...args: unknown[]) => void;
  pendo?: { pageLoad?: () => void };
}

const vendor = () => window as unknown as VendorGlobals;

export function setHelpWidgetVisible(visible: boolean): void {
  try {
    vendor().zE?.('messenger', visible ? 'show' : 'hide');
  } catch {
    /* third-party failure: ignored */
  }
}

/** The onboarding-guide tool reloads on every route change (docs/product.md#navigation, layout). */
export function reloadProductTour(): void {
  try {
    vendor().pendo?.pageLoad?.();
  } catch {
    /* ignored */
  }
}
