/** Route constants (docs/product.md#routes). {area} is the product-area prefix segment. */
export const AREA = 'partners';

export const Routes = {
  home: '/',
  login: '/login',
  forgot: '/forgot',
  /** The invitation e-mail's link (public: the invitee has no account yet). */
  acceptInvitation: '/accept-invitation',
  partnerSelection: '/partner-selection',
  adRevenue: '/ad-revenue',
  /** Money per day at risk per site and cause (docs/product.md#revenue-at-risk). */
  revenueAtRisk: '/revenue-at-risk',
  myPlans: '/my-plans',
  plans: '/plans',
  cloudSetup: '/media-owners-cloud-setup',
  incidents: '/incidents',
  uptimeMonitoring: '/uptime-monitoring',
  uptimeMonitoringNew: '/uptime-monitoring/new',
  uptimeMonitor: (id: string) => `/uptime-monitoring/${id}`,
  uptimeMonitorEdit: (id: string) => `/uptime-monitoring/${id}/edit`,
  audienceOverview: '/audience-overview',
  services: '/services',
  service: (id: string) => `/services/${id}`,
  serviceActivation: (id: string) => `/services/${id}/activation`,
  accountSettings: '/account-settings',
  profileSettings: '/profile-settings',
  performance: '/performance',
  integrations: '/integrations',
  adminConsole: '/admin-console/',
  revenueSummary: `/${AREA}/inventory-performance/revenue-summary`,
  recirculationSummary: `/${AREA}/inventory-performance/recirculation-summary`,
  blockingRules: `/${AREA}/blocking-rules`,
  blockingRulesCreate: `/${AREA}/blocking-rules/create`,
  payments: `/${AREA}/payments`,
  paymentSettings: `/${AREA}/payment-settings`,
  adsTxt: `/${AREA}/adstxt`,
} as const;

/**
 * The pages for signed-out visitors (the server error page aside): a full page load of one of them
 * gets the light sign-in entry (sign-in.html) instead of the whole app
 * (static-web.ts, sign-in-router.tsx); no sign-in is asked for on them (auth-store.ts), and no
 * signed-in tool loads on them (third-party.ts).
 */
export const SIGNED_OUT_PATHS: readonly string[] = [Routes.login, Routes.forgot, Routes.acceptInvitation];

/** The server error page, in both the full app's router and the sign-in entry's: open to signed-out visitors too. */
export const SERVER_ERROR_PATH = '/500';

/** Routes on which the help widget must not load (docs/product.md#help-widget). */
export const HELP_WIDGET_HIDDEN_ROUTES: readonly string[] = [
  Routes.login,
  Routes.partnerSelection,
  Routes.cloudSetup,
  Routes.blockingRules,
  Routes.adsTxt,
];
