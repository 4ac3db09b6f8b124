export type PlaceholderArea =
  | 'revenue'
  | 'recirculation'
  | 'blockingRules'
  | 'adsTxt'
  | 'payments'
  | 'paymentSettings'
  | 'incidents'
  | 'uptime'
  | 'audience'
  | 'services'
  | 'performance'
  | 'integrations'
  | 'plans'
  | 'adRevenue'
  | 'cloudSetup'
  | 'adminConsole';

export interface AreaDescription {
  title: string;
  purpose: string;
  /** What the page will show once the area is built. */
  willShow: string[];
}

/** What each not-yet-built area will hold (docs/product.md#areas); no figures are invented. */
export const AREAS: Record<PlaceholderArea, AreaDescription> = {
  revenue: {
    title: 'Revenue Summary',
    purpose: 'Revenue of your inventory by site, product type, size, brand and deal.',
    willShow: [
      'A report builder: date range, dimensions, metrics and Day/Month/Cumulative interval',
      'Results table with totals and a chart',
      'Export to file and e-mailed reports, listed under the exported-reports tab',
    ],
  },
  recirculation: {
    title: 'Recirculation Summary',
    purpose: 'Organic page views, clicks and CTR of your recommendation widgets.',
    willShow: [
      'Organic Page Views, Organic Clicks and Organic CTR by site and widget',
      'Date range and interval selection',
      'Exports and e-mailed reports',
    ],
  },
  blockingRules: {
    title: 'Blocking Rules',
    purpose: 'Keep unwanted advertisers and content off your sites.',
    willShow: [
      'Rules by advertiser domain, brand, IAB category or keyword',
      'Apply to all sites or chosen ones',
      'Create, edit and delete with an audit trail',
    ],
  },
  adsTxt: {
    title: 'Ads.txt Management',
    purpose: 'Make sure every domain authorises the right sellers.',
    willShow: [
      'Per-domain status and last crawl',
      'Missing lines to copy or download',
      'A provider-hosted ads.txt with a redirection guide, revisions and history',
    ],
  },
  payments: {
    title: 'Payments',
    purpose: 'What you have been paid and what is on its way.',
    willShow: ['Monthly payments with amount, currency and status', 'Payment threshold and rollover', 'Statement downloads'],
  },
  paymentSettings: {
    title: 'Payment Settings',
    purpose: 'How and where you are paid.',
    willShow: ['Payment method and beneficiary', 'Bank details shown masked', 'Tax form and VAT number; changes need your password'],
  },
  incidents: {
    title: 'Incidents',
    purpose: 'Problems detected on your sites and their history.',
    willShow: [
      'Incidents by site, type, severity and status',
      'An expandable timeline of occurrences',
      'Acknowledge and resolve with a note',
    ],
  },
  uptime: {
    title: 'Uptime Monitoring',
    purpose: 'Know when your pages go down or slow down.',
    willShow: [
      'Monitors with status, 24 h and 30 day uptime and response time',
      'Create and edit monitors',
      'Response-time charts and recent checks',
    ],
  },
  audience: {
    title: 'Audience Overview',
    purpose: 'Who visits your sites and how they engage.',
    willShow: ['Visits and engagement collected by the site tag', 'Trends by site and period'],
  },
  services: {
    title: 'Services',
    purpose: 'The services available to your sites and their activation.',
    willShow: ['A service catalogue with per-site plan status', 'Activation: choose sites, request a site tag, set up data integration'],
  },
  performance: {
    title: 'Performance',
    purpose: 'How fast your pages are for real visitors.',
    willShow: ['Core Web Vitals per site', 'Trends over time'],
  },
  integrations: {
    title: 'Integrations',
    purpose: 'Connect the portal to your other tools.',
    willShow: ['Available integrations and their connection status'],
  },
  plans: {
    title: 'Plans',
    purpose: 'Your plan, its limits and the other plans.',
    willShow: ['Your current plan and its feature limits', 'A comparison of the available plans'],
  },
  adRevenue: {
    title: 'Ad Revenue',
    purpose: 'An overview of your advertising revenue.',
    willShow: ['Revenue trends for the chosen partner, from the revenue reports'],
  },
  cloudSetup: {
    title: 'Setup',
    purpose: 'Set up site monitoring and data collection.',
    willShow: ['The site tag and step-by-step onboarding of your sites'],
  },
  adminConsole: {
    title: 'Partners Center Admin',
    purpose: 'Administration of partners, users and settings.',
    willShow: ['Partners and sites', 'Registered users and invitations', 'Feature flags, usage analytics, e-mail outbox and audit log'],
  },
};
