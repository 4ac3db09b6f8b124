import type { FastifyInstance } from 'fastify';
import type { loadSigningKeys } from './identity/signing-keys';
import type { createIdentityService } from './identity/identity.service';
import type { createChangeNotifications } from './db/change-notifications';
import type { Mailer } from './mail/mailer';
import type { reportsRepo } from './modules/reports/reports.repo';
import type { createExportEncoder } from './modules/reports/export/export-encoder';
import type { createJobQueue } from './lib/jobs/job-queue';
import type { createAdsTxtService } from './modules/adstxt/adstxt.service';
import type { createAdsTxtBulkService } from './modules/adstxt/adstxt-bulk.service';
import type { createPaymentSettingsService } from './modules/payment-settings/payment-settings.service';
import type { createWebhookEventPublisher } from './modules/integrations/webhook-events';
import type { siteTagRepo } from './modules/site-tag/site-tag.repo';
import type { SiteTagEventStore } from './modules/site-tag/site-tag.store';
import type { SiteTagCollector } from './modules/site-tag/site-tag.collector';
import type { IncidentsService } from './modules/incidents/incidents.service';
import type { createServicesService } from './modules/services/services.service';
import type { createApiKeysService } from './modules/integrations/api-keys.service';
import type { GuardedFetch } from './lib/outbound/guarded-fetch';
import type { AppConfig } from './config/env';
import type { Db } from './db/pool';
import type { AppDeps } from './app-deps';
import type { StartupWork } from './lib/startup/startup-work';
import type { ReportEngine } from './modules/reports/engine/report-engine';
import { registerStaticWeb } from './http/static-web';
import { identityRoutes } from './identity/identity.routes';
import { outboxRoutes } from './modules/admin/outbox.routes';
import { outboxRepo } from './modules/admin/outbox.repo';
import { createOutboxService } from './modules/admin/outbox.service';
import { auditLogRoutes } from './modules/audit/audit-log.routes';
import { healthRoutes } from './http/health/health.routes';
import { personalInfoRoutes } from './modules/personal-info/personal-info.routes';
import { createPersonalInfoService } from './modules/personal-info/personal-info.service';
import { publicConfigRoutes, toPublicConfig } from './modules/public-config/public-config.routes';
import { publishersRepo } from './modules/publishers/publishers.repo';
import { publishersRoutes } from './modules/publishers/publishers.routes';
import { createPublishersService } from './modules/publishers/publishers.service';
import { reportListRoutes } from './modules/report-list/report-list.routes';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { usageRoutes } from './modules/usage/usage.routes';
import { dataLoadsRoutes } from './modules/data-loads/data-loads.routes';
import { createDataLoadsService } from './modules/data-loads/data-loads.service';
import { usageRepo } from './modules/usage/usage.repo';
import { createUsageService } from './modules/usage/usage.service';
import { createTrackingService } from './modules/tracking/tracking.service';
import { reportsRoutes } from './modules/reports/reports.routes';
import { revenueChangeRoutes } from './modules/reports/revenue-change/revenue-change.routes';
import { revenueAnomaliesRoutes } from './modules/reports/anomalies/revenue-anomalies.routes';
import { createReportsService } from './modules/reports/reports.service';
import { withReportHistory } from './modules/reports/report-history';
import { createReportCache, notifyReportsChanged } from './modules/reports/report-cache';
import { savedReportsRoutes } from './modules/reports/saved/saved-reports.routes';
import { createSavedReportsService } from './modules/reports/saved/saved-reports.service';
import { adsTxtRoutes, hostedAdsTxtRoutes } from './modules/adstxt/adstxt.routes';
import { adsTxtBulkRoutes } from './modules/adstxt/adstxt-bulk.routes';
import { appDomainRoutes, hostedAppAdsTxtRoutes } from './modules/adstxt/app-ads-txt.routes';
import { createAppDomainsService } from './modules/adstxt/adstxt-app-domains.service';
import { createAppDomainClaimsService } from './modules/adstxt/app-domain-claims.service';
import { createDomainClaimsStaffService } from './modules/adstxt/app-domain-claims-staff.service';
import { appDomainClaimRoutes, domainClaimStaffRoutes } from './modules/adstxt/app-domain-claims.routes';
import { systemTxtResolver } from './modules/adstxt/app-domain-proof';
import type { AdsTxtCrawlerPort } from './modules/adstxt/adstxt-crawler-port';
import { createGuardedFetch } from './lib/outbound/guarded-fetch';
import { createTargetCheck } from './lib/outbound/target-check';
import { createRecipientConfirmations } from './modules/monitors/monitor-recipients.service';
import { paymentSettingsRoutes } from './modules/payment-settings/payment-settings.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { blockingRulesRepo } from './modules/blocking-rules/blocking-rules.repo';
import { blockingRulesRoutes } from './modules/blocking-rules/blocking-rules.routes';
import { createBlockingRulesService } from './modules/blocking-rules/blocking-rules.service';
import { feedKeysRoutes } from './modules/blocking-rules/feed-keys.routes';
import { createFeedKeysService } from './modules/blocking-rules/feed-keys.service';
import { adminPartnersRoutes } from './modules/admin/admin-partners.routes';
import { createAdminPartnersService } from './modules/admin/admin-partners.service';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { createAdminUsersService } from './modules/admin/admin-users.service';
import { invitationsRoutes } from './modules/admin/invitations.routes';
import { impersonationRoutes } from './modules/admin/impersonation.routes';
import { createInvitationsService } from './modules/admin/invitations.service';
import { featureFlagsRoutes } from './modules/feature-flags/feature-flags.routes';
import { siteTagPublicRoutes, siteTagRoutes, siteTagStaffRoutes } from './modules/site-tag/site-tag.routes';
import { createSiteTagService } from './modules/site-tag/site-tag.service';
import { siteTagLimitsRepo } from './modules/site-tag/site-tag.limits.repo';
import { createFeatureFlagsService } from './modules/feature-flags/feature-flags.service';
import { incidentsRoutes } from './modules/incidents/incidents.routes';
import { servicesRoutes } from './modules/services/services.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { apiKeysRoutes } from './modules/integrations/api-keys.routes';
import { webhooksRoutes } from './modules/integrations/webhooks.routes';
import { createWebhooksService } from './modules/integrations/webhooks.service';
import { createPlansService } from './modules/plans/plans.service';
import { setupRoutes } from './modules/setup/setup.routes';
import { createSetupService } from './modules/setup/setup.service';
import { monitorsRoutes } from './modules/monitors/monitors.routes';
import { createMonitorsService } from './modules/monitors/monitors.service';
import { revenueAtRiskRoutes } from './modules/revenue-at-risk/revenue-at-risk.routes';
import { createRevenueAtRiskService } from './modules/revenue-at-risk/revenue-at-risk.service';
import type { SecretBox } from './lib/keys/secret-box';

/**
 * Every product route, registered after the platform (access control, gates) in the order they
 * always had: `buildApp` (app.ts) makes the services and background work, this file only wires
 * routes to them (split from app.ts, which had grown to do both).
 */
export interface RouteContext {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  deps: Pick<AppDeps, 'logger' | 'siteTagFetch' | 'webDistDir' | 'dnsTxtResolver'>;
  demoMode: boolean;
  shuttingDown: { value: boolean };
  startup: StartupWork;
  publicUrl: string;
  jwks: Awaited<ReturnType<typeof loadSigningKeys>>['jwks'];
  identity: ReturnType<typeof createIdentityService>;
  changes: ReturnType<typeof createChangeNotifications>;
  mailer: Mailer;
  repoOfReports: ReturnType<typeof reportsRepo>;
  engine: ReportEngine;
  exportEncoder: ReturnType<typeof createExportEncoder>;
  jobs: ReturnType<typeof createJobQueue>;
  adsTxt: ReturnType<typeof createAdsTxtService>;
  adsTxtBulkService: ReturnType<typeof createAdsTxtBulkService>;
  paymentSettings: ReturnType<typeof createPaymentSettingsService>;
  publishWebhookEvent: ReturnType<typeof createWebhookEventPublisher>;
  tagRepo: ReturnType<typeof siteTagRepo>;
  siteTagStore: SiteTagEventStore;
  siteTagCollector: SiteTagCollector;
  incidents: IncidentsService;
  services: ReturnType<typeof createServicesService>;
  apiKeys: ReturnType<typeof createApiKeysService>;
  monitorsFetch: GuardedFetch;
  adsTxtCrawler: AdsTxtCrawlerPort;
  /** The monitors' outbound allowances (app.ts), which their save-time address check shares. */
  monitorTargets: { allowHosts: string[]; allowEndpoints: string[] };
  secretBox: SecretBox;
}

export async function registerProductRoutes(ctx: RouteContext): Promise<void> {
  const { app, db, config, deps, demoMode, shuttingDown, startup, publicUrl, identity, changes, mailer, repoOfReports, engine } = ctx;
  const { exportEncoder, jobs, adsTxt, adsTxtBulkService, paymentSettings, publishWebhookEvent, tagRepo, siteTagStore } = ctx;
  const { siteTagCollector, incidents, services, apiKeys, monitorsFetch, monitorTargets } = ctx;

  await app.register(healthRoutes, { db, isShuttingDown: () => shuttingDown.value, startup });
  const publicConfig = toPublicConfig(config, new URL(publicUrl).host);
  await app.register(publicConfigRoutes, { config: publicConfig });
  await app.register(identityRoutes, {
    identity,
    jwks: ctx.jwks,
    ratePerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
    behindTls: publicUrl.startsWith('https://'),
  });
  const publishers = createPublishersService(db, publishersRepo(db), changes);
  await app.register(publishersRoutes, { publishers });
  await app.register(personalInfoRoutes, {
    personalInfo: createPersonalInfoService({
      db,
      mailer,
      publicUrl,
      productName: config.PRODUCT_NAME,
      emailChangeLinkHours: config.EMAIL_CHANGE_LINK_HOURS,
      verifyCurrentPassword: (uid, password, ip, field) => identity.verifyCurrentPassword(uid, password, ip, field),
    }),
    ratePerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  // The plan's report history (reports.history_extension_days) is checked in front of the service.
  const reportsService = createReportsService({
    db,
    repo: repoOfReports,
    engine,
    exportEncoder,
    jobs,
    // Dropped across processes by NOTIFY when an ingest, finalization or site change touches a publisher.
    cache: createReportCache({ changes }),
    directDownloadMaxRows: config.REPORT_DIRECT_DOWNLOAD_MAX_ROWS,
  });
  const reports = withReportHistory(reportsService, db);
  await app.register(reportListRoutes, { reports });
  await app.register(trackingRoutes, { tracking: createTrackingService({ db, jobs, forwarding: config.ANALYTICS_FORWARD_URL !== null }) });
  await app.register(outboxRoutes, { outbox: createOutboxService(outboxRepo(db)) });
  await app.register(adsTxtRoutes, { adsTxt });
  await app.register(hostedAdsTxtRoutes, { adsTxt });
  await app.register(adsTxtBulkRoutes, { bulk: adsTxtBulkService });
  // App developer domains are claims that may need proof (hosted file or DNS TXT) or a staff decision.
  const claimDeps = {
    db,
    jobs,
    crawler: ctx.adsTxtCrawler,
    resolveTxt: deps.dnsTxtResolver ?? systemTxtResolver(),
    productName: config.PRODUCT_NAME,
  };
  const appDomainClaims = createAppDomainClaimsService(claimDeps);
  await app.register(appDomainRoutes, { appDomains: createAppDomainsService({ db, claims: appDomainClaims }) });
  await app.register(appDomainClaimRoutes, { claims: appDomainClaims });
  await app.register(domainClaimStaffRoutes, { staff: createDomainClaimsStaffService(claimDeps) });
  await app.register(hostedAppAdsTxtRoutes, { adsTxt });
  await app.register(reportsRoutes, { reports });
  await app.register(revenueChangeRoutes, { reports });
  await app.register(revenueAnomaliesRoutes, { incidents });
  await app.register(savedReportsRoutes, { saved: createSavedReportsService({ db }) });
  await app.register(paymentSettingsRoutes, { settings: paymentSettings });
  await app.register(paymentsRoutes, {
    payments: createPaymentsService({
      db,
      engine,
      settings: paymentSettings,
      defaultThreshold: config.PAYMENT_THRESHOLD_DEFAULT,
      publishWebhookEvent,
    }),
    settings: paymentSettings,
    productName: config.PRODUCT_NAME,
  });
  const feedKeys = createFeedKeysService({ db, providerToken: config.BLOCKING_FEED_TOKEN });
  const blockingRules = createBlockingRulesService({
    db,
    limits: { maxRulesPerPublisher: config.BLOCKING_RULES_MAX_PER_PUBLISHER, maxValuesPerRule: config.BLOCKING_RULE_MAX_VALUES },
  });
  await app.register(blockingRulesRoutes, {
    rules: blockingRules,
    repo: blockingRulesRepo(db),
    engine,
    feedKeys,
    feedRatePerMinute: config.BLOCKING_FEED_RATE_PER_MINUTE,
  });
  await app.register(feedKeysRoutes, { keys: feedKeys, ratePerMinute: config.BLOCKING_FEED_RATE_PER_MINUTE });
  await app.register(featureFlagsRoutes, {
    flags: createFeatureFlagsService({ db, showNewFeaturesUntil: config.SHOW_NEW_FEATURES_UNTIL }),
  });
  await app.register(adminPartnersRoutes, {
    partners: createAdminPartnersService({
      db,
      engine,
      onChanged: (id) => publishers.invalidate(id),
      // After the engine knows the new site name: every process's cached reports of the publisher go.
      onSitesSynced: (id) => notifyReportsChanged(db, [id]),
    }),
  });
  await app.register(adminUsersRoutes, {
    users: createAdminUsersService({
      db,
      allowedAdminEmail: config.ALLOWED_ADMIN_EMAIL,
      sendPasswordReset: (email) => identity.sendPasswordResetEmail(email),
    }),
  });
  await app.register(auditLogRoutes, { db });
  await app.register(usageRoutes, { usage: createUsageService(usageRepo(db)) });
  await app.register(dataLoadsRoutes, { dataLoads: createDataLoadsService(db) });
  await app.register(impersonationRoutes, { db, identity });
  await app.register(invitationsRoutes, {
    invitations: createInvitationsService({
      db,
      mailer,
      log: deps.logger,
      publicUrl,
      productName: config.PRODUCT_NAME,
      ttlDays: config.INVITATION_TTL_DAYS,
      allowedAdminEmail: config.ALLOWED_ADMIN_EMAIL,
    }),
    ratePerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  const siteTag = createSiteTagService({
    repo: tagRepo,
    limits: siteTagLimitsRepo(db),
    store: siteTagStore,
    fetch:
      deps.siteTagFetch ??
      createGuardedFetch({
        // No loopback allowance, demo mode included: the demo page is rendered in-process (site-tag.service.ts).
        allowHosts: config.OUTBOUND_ALLOW_HOSTS,
        userAgent: 'PartnersCenter-SiteTagVerify/1.0',
      }),
    publicUrl,
    demoPageUrl: demoMode ? (siteId) => `${publicUrl.replace(/\/$/, '')}/demo/sites/${encodeURIComponent(siteId)}` : undefined,
  });
  await app.register(siteTagRoutes, { service: siteTag });
  // A changed sample rate drops cached sites in every process (the collector listens to publisher changes).
  await app.register(siteTagStaffRoutes, { db, onChanged: (id) => publishers.invalidate(id) });
  await app.register(siteTagPublicRoutes, {
    collector: siteTagCollector,
    repo: tagRepo,
    demoPages: demoMode ? { publicUrl } : undefined,
    trustProxy: config.TRUST_PROXY !== false,
  });
  await app.register(incidentsRoutes, { incidents });
  await app.register(servicesRoutes, { services });
  await app.register(apiKeysRoutes, { keys: apiKeys });
  await app.register(webhooksRoutes, {
    webhooks: createWebhooksService({ db, jobs, allowHosts: config.OUTBOUND_ALLOW_HOSTS, secrets: ctx.secretBox }),
  });
  await app.register(plansRoutes, {
    plans: createPlansService({ db, jobs, staffEmail: config.STAFF_NOTIFY_EMAIL, productName: config.PRODUCT_NAME }),
  });
  await app.register(setupRoutes, { setup: createSetupService({ db, getInTouchUrl: config.GET_IN_TOUCH_URL }) });
  const monitorRecipients = createRecipientConfirmations({ db, mailer, productName: config.PRODUCT_NAME, publicUrl });
  const monitors = createMonitorsService({
    db,
    fetch: monitorsFetch,
    checkTarget: createTargetCheck(monitorTargets),
    recipients: monitorRecipients,
    limits: {
      maxMonitors: config.UPTIME_MAX_MONITORS,
      minIntervalSeconds: config.UPTIME_MIN_INTERVAL_SECONDS,
      rawRetentionDays: config.UPTIME_RAW_RETENTION_DAYS,
    },
    incidents,
  });
  await app.register(monitorsRoutes, { monitors, recipients: monitorRecipients });
  await app.register(revenueAtRiskRoutes, {
    risk: createRevenueAtRiskService({ db, engine, adsTxt, monitors, blockingRules, siteTag }),
  });
  if (deps.webDistDir) await registerStaticWeb(app, deps.webDistDir, publicConfig);
}
