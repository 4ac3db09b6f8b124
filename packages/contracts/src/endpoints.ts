import type { Endpoint } from './endpoint';
import { incidentsEndpoints } from './incidents.endpoints';
import { blockingRulesEndpoints, feedKeysEndpoints } from './blocking-rules.endpoints';
import { apiKeysEndpoints, webhooksEndpoints } from './integrations.endpoints';
import { servicesEndpoints } from './services.endpoints';
import { adminPartnersEndpoints, adminUsersEndpoints, outboxEndpoints, partnerViewEndpoints } from './admin.endpoints';
import { invitationsEndpoints } from './invitations.endpoints';
import { personalInfoEndpoints, publishersEndpoints } from './publishers.endpoints';
import { paymentSettingsEndpoints } from './payment-settings.endpoints';
import { paymentsEndpoints } from './payments.endpoints';
import { setupEndpoints } from './setup.endpoints';
import { reportListEndpoints } from './report-list.endpoints';
import { revenueAnomaliesEndpoints } from './revenue-anomalies.endpoints';
import { revenueChangeEndpoints } from './revenue-change.endpoints';
import { reportsEndpoints } from './reports.endpoints';
import { revenueAtRiskEndpoints } from './revenue-at-risk.endpoints';
import { publicConfigEndpoints } from './public-config.endpoints';
import { trackingEndpoints } from './tracking.endpoints';
import { adsTxtEndpoints, adsTxtTemplateEndpoints } from './adstxt.endpoints';
import { adsTxtBulkEndpoints } from './adstxt-bulk.endpoints';
import { appDomainClaimEndpoints, appDomainEndpoints, domainClaimStaffEndpoints } from './adstxt-app-domains.endpoints';
import { siteTagEndpoints, siteTagStaffEndpoints } from './site-tag.endpoints';
import { dataLoadsEndpoints } from './data-loads.endpoints';
import { usageEndpoints } from './usage.endpoints';
import { auditEndpoints } from './audit.endpoints';
import { plansEndpoints } from './plans.endpoints';
import { featureFlagsEndpoints } from './feature-flags.endpoints';
import { savedReportsEndpoints } from './saved-reports.endpoints';
import { monitorsEndpoints } from './monitors.endpoints';
import { identityEndpoints } from './identity.endpoints';

/**
 * Every area's endpoint table. The server registers each entry once, OpenAPI is generated from the
 * routes so registered, and the endpoint-table test checks the two agree (operation ids, summaries,
 * file media types).
 */
export const endpointTables = {
  incidents: incidentsEndpoints,
  blockingRules: blockingRulesEndpoints,
  feedKeys: feedKeysEndpoints,
  apiKeys: apiKeysEndpoints,
  webhooks: webhooksEndpoints,
  services: servicesEndpoints,
  adminPartners: adminPartnersEndpoints,
  adminUsers: adminUsersEndpoints,
  partnerView: partnerViewEndpoints,
  outbox: outboxEndpoints,
  invitations: invitationsEndpoints,
  publishers: publishersEndpoints,
  personalInfo: personalInfoEndpoints,
  paymentSettings: paymentSettingsEndpoints,
  payments: paymentsEndpoints,
  setup: setupEndpoints,
  reportList: reportListEndpoints,
  revenueAnomalies: revenueAnomaliesEndpoints,
  reports: reportsEndpoints,
  revenueChange: revenueChangeEndpoints,
  revenueAtRisk: revenueAtRiskEndpoints,
  publicConfig: publicConfigEndpoints,
  tracking: trackingEndpoints,
  adsTxt: adsTxtEndpoints,
  adsTxtTemplate: adsTxtTemplateEndpoints,
  adsTxtBulk: adsTxtBulkEndpoints,
  appDomains: appDomainEndpoints,
  appDomainClaims: appDomainClaimEndpoints,
  domainClaimsStaff: domainClaimStaffEndpoints,
  siteTag: siteTagEndpoints,
  siteTagStaff: siteTagStaffEndpoints,
  dataLoads: dataLoadsEndpoints,
  usage: usageEndpoints,
  audit: auditEndpoints,
  plans: plansEndpoints,
  featureFlags: featureFlagsEndpoints,
  savedReports: savedReportsEndpoints,
  monitors: monitorsEndpoints,
  identity: identityEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

/** Every declared endpoint, flat. */
export const allEndpoints = (): Endpoint[] => Object.values(endpointTables).flatMap((table) => Object.values(table));
