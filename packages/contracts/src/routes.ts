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

/** Routes on which the help widget must not load (docs/product.md#help-widget). */
export const HELP_WIDGET_HIDDEN_ROUTES: readonly string[] = [
  Routes.login,
  Routes.partnerSelection,
  Routes.cloudSetup,
  Routes.blockingRules,
  Routes.adsTxt,
];
