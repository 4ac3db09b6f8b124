// No zod here: the web's first bundle sends events, and a schema next to them would bring zod with it
// (a schema is built when its module loads). The /mp schema is in tracking.ts.

/** Tracked actions (docs/product.md#tracking); the web sends these names to /api/mp. */
export const TrackingEvents = {
  login: 'Login',
  helpCenter: 'Help Center',
  profileStarted: 'Profile Started',
  profileCompleted: 'Profile Completed',
  partnersCenter: 'Partners Center',
  overviewView: 'Overview View',
  adRevenueView: 'Ad Revenue View',
  adsTxtView: 'Ads.txt View',
  adsTxtActivate: 'Ads.txt Activate',
  adsTxtMissingLines: 'Ads.txt Missing Lines',
  adsTxtDownload: 'Ads.txt Download',
  adsTxtSave: 'Ads.txt Save',
  adsTxtRedirectionSteps: 'Ads.txt Redirection Steps',
  adsTxtVerify: 'Ads.txt Verify',
  adsTxtHistory: 'Ads.txt History',
  adsTxtDifferences: 'Ads.txt Differences',
  adsTxtGuide: 'Ads.txt Guide',
  adsTxtRevisionDownload: 'Ads.txt Revision Download',
  blockingRuleView: 'Blocking Rule View',
  blockingRuleCreate: 'Blocking Rule Create',
  blockingRuleEdit: 'Blocking Rule Edit',
  blockingRuleDelete: 'Blocking Rule Delete',
  // Services, activation and integrations.
  activation: 'Activation',
  siteTagRequest: 'Site Tag Request',
  dataIntegrationInitiate: 'Data Integration Initiate',
  dataIntegrationCancel: 'Data Integration Cancel',
  dataIntegrationConfirm: 'Data Integration Confirm',
  productDemo: 'Product Demo',
  dataSourceRequest: 'Data Source Request',
  // Incidents (sent from the incident pages).
  incidentsView: 'Incidents View',
  incidentsManage: 'Incidents Manage',
  incidentsExpand: 'Incidents Expand',
  vulnerabilityExport: 'Vulnerability Export',
  /** docs/product.md#states, logout step 7: sent 300 ms after sign-out so the session's identity is dropped. */
  analyticsReset: 'Analytics Reset',
  /** Sent by the shell on each route change (property `page`); feeds the console's pages by views. */
  pageView: 'Page View',
} as const;

/** Every tracked event name: `track()` on the web accepts only these, so all areas share them. */
export type TrackingEventName = (typeof TrackingEvents)[keyof typeof TrackingEvents];
