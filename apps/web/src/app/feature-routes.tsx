import type { RouteObject } from 'react-router';
import { Routes } from '@pc/contracts';
import { lazyPage } from './lazy-page';
import { loadPhoneValidation } from '../lib/phone/phone-validation';

/** A page module with the phone metadata beside it: one download, retried as one when it fails. */
const withPhones =
  <M,>(load: () => Promise<M>) =>
  async (): Promise<M> => {
    const [mod] = await Promise.all([load(), loadPhoneValidation()]);
    return mod;
  };

/**
 * Pages inside the shell, at their spec routes. A feature plugs in by replacing its placeholder
 * line with `lazyPage(() => import('../features/<area>/routes/<page>'), '<Page>')`.
 */
export const featureRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../features/home/home-page'), 'HomePage') },
  // These two validate phone numbers: the metadata loads with them (lib/phone/phone-validation).
  {
    path: Routes.profileSettings,
    lazy: lazyPage(
      withPhones(() => import('../features/profile/profile-page')),
      'ProfilePage',
    ),
  },
  {
    path: Routes.accountSettings,
    lazy: lazyPage(
      withPhones(() => import('../features/account-settings/account-settings-page')),
      'AccountSettingsPage',
    ),
  },
  { path: Routes.revenueSummary, lazy: lazyPage(() => import('../features/reports/routes/report-page'), 'RevenueSummaryPage') },
  { path: Routes.recirculationSummary, lazy: lazyPage(() => import('../features/reports/routes/report-page'), 'RecirculationSummaryPage') },
  {
    path: Routes.blockingRules,
    lazy: lazyPage(() => import('../features/blocking-rules/routes/blocking-rules-page'), 'BlockingRulesPage'),
  },
  {
    path: Routes.blockingRulesCreate,
    lazy: lazyPage(() => import('../features/blocking-rules/routes/blocking-rule-create-page'), 'BlockingRuleCreatePage'),
  },
  { path: Routes.adsTxt, lazy: lazyPage(() => import('../features/adstxt/routes/adstxt-page'), 'AdsTxtPage') },
  { path: Routes.payments, lazy: lazyPage(() => import('../features/payments/routes/payments-page'), 'PaymentsPage') },
  {
    path: Routes.paymentSettings,
    lazy: lazyPage(() => import('../features/payments/routes/payment-settings-page'), 'PaymentSettingsPage'),
  },
  { path: Routes.incidents, lazy: lazyPage(() => import('../features/incidents/routes/incidents-page'), 'IncidentsPage') },
  { path: Routes.uptimeMonitoring, lazy: lazyPage(() => import('../features/uptime/routes/monitors-page'), 'MonitorsPage') },
  { path: Routes.uptimeMonitoringNew, lazy: lazyPage(() => import('../features/uptime/routes/monitor-new-page'), 'MonitorNewPage') },
  { path: '/uptime-monitoring/:id', lazy: lazyPage(() => import('../features/uptime/routes/monitor-page'), 'MonitorPage') },
  { path: '/uptime-monitoring/:id/edit', lazy: lazyPage(() => import('../features/uptime/routes/monitor-edit-page'), 'MonitorEditPage') },
  {
    path: Routes.audienceOverview,
    lazy: lazyPage(() => import('../features/site-tag/routes/audience-overview-page'), 'AudienceOverviewPage'),
  },
  { path: Routes.services, lazy: lazyPage(() => import('../features/services/routes/services-page'), 'ServicesPage') },
  { path: '/services/:id', lazy: lazyPage(() => import('../features/services/routes/service-page'), 'ServicePage') },
  { path: '/services/:id/activation', lazy: lazyPage(() => import('../features/services/routes/activation-page'), 'ActivationPage') },
  { path: Routes.performance, lazy: lazyPage(() => import('../features/site-tag/routes/performance-page'), 'PerformancePage') },
  { path: Routes.integrations, lazy: lazyPage(() => import('../features/integrations/routes/integrations-page'), 'IntegrationsPage') },
  { path: Routes.plans, lazy: lazyPage(() => import('../features/plans/routes/plans-page'), 'PlansPage') },
  { path: Routes.myPlans, lazy: lazyPage(() => import('../features/plans/routes/my-plans-page'), 'MyPlansPage') },
  { path: Routes.adRevenue, lazy: lazyPage(() => import('../features/site-tag/routes/ad-revenue-page'), 'AdRevenuePage') },
  {
    path: Routes.revenueAtRisk,
    lazy: lazyPage(() => import('../features/revenue-at-risk/routes/revenue-at-risk-page'), 'RevenueAtRiskPage'),
  },
  { path: Routes.cloudSetup, lazy: lazyPage(() => import('../features/setup/routes/setup-page'), 'SetupPage') },
  {
    path: `${Routes.adminConsole}*`,
    lazy: lazyPage(() => import('../features/admin-console/routes/admin-console-page'), 'AdminConsolePage'),
  },
];
