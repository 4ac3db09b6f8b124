import type { FastifyInstance } from 'fastify';
import { createHttpApp, registerPlatform } from './http/create-http-app';
import { startBackgroundWork, type AppWorkers } from './app-workers';
import type { AppConfig } from './config/env';
import { createStartupWork, type StartupWork } from './lib/startup/startup-work';
import { createIdTokenIssuer } from './identity/id-tokens';
import { identityRepo } from './identity/identity.repo';
import { PASSWORD_RESET_QUEUE, passwordResetDedupeKey, type PasswordResetPayload } from './identity/password-reset.job';
import { createIdentityService } from './identity/identity.service';
import { loadSigningKeys } from './identity/signing-keys';
import { createSessionGuard, type SessionGuard } from './identity/sessions';
import { createCallerResolver } from './identity/caller';
import { createChangeNotifications } from './db/change-notifications';
import { createSignInThrottle, DEFAULT_THROTTLE_POLICY } from './identity/sign-in-throttle';
import { signInThrottleRepo } from './identity/sign-in-throttle.repo';
import { createMailer } from './mail/mailer';
import { auditRepo } from './modules/audit/audit.repo';
import { createJobQueue } from './lib/jobs/job-queue';
import { ClickHouseReportEngine } from './modules/reports/engine/clickhouse-engine';
import { DuckDbReportEngine } from './modules/reports/engine/duckdb-engine';
import { registerEmbeddedFactStore } from './modules/fact-store/fact-store-registration';
import { STORE_BACKUP_QUEUE, storeBackupHandler, type StoreBackupPayload } from './modules/backup/store-backup.job';
import type { ReportEngine } from './modules/reports/engine/report-engine';
import { createReportEngine } from './modules/reports/engine/create-engine';
import { reportsRepo } from './modules/reports/reports.repo';
import { mkdirSync } from 'node:fs';
import { adsTxtRepo } from './modules/adstxt/adstxt.repo';
import { createAdsTxtService } from './modules/adstxt/adstxt.service';
import { createAdsTxtCrawler } from './modules/adstxt/crawler/guarded-ads-txt-crawler';
import { createRevisionWorkers } from './modules/adstxt/revisions/revision-workers';
import { createCpuPool } from './lib/workers/cpu-pool';
import { createExportEncoder } from './modules/reports/export/export-encoder';
import { adsTxtBulkRepo } from './modules/adstxt/adstxt-bulk.repo';
import { createAdsTxtBulkService } from './modules/adstxt/adstxt-bulk.service';
import { alertOnWorsening, worseningMessage } from './modules/adstxt/adstxt-alerts';
import { Routes } from '@pc/contracts';
import { createSellersJsonService, type SellersJsonService } from './modules/adstxt/sellers-json/sellers-json.service';
import { createGuardedFetch } from './lib/outbound/guarded-fetch';
import { startDemoTargets } from './demo/demo-targets';
import path from 'node:path';
import { createDetailsCipher } from './modules/payment-settings/details-cipher';
import { createSecretBox } from './lib/keys/secret-box';
import { upgradeSecretsAtRest } from './secrets-at-rest-upgrade';
import { createPaymentSettingsService } from './modules/payment-settings/payment-settings.service';
import { registerFeatureGates } from './modules/feature-flags/feature-gates';
import { siteTagRepo } from './modules/site-tag/site-tag.repo';
import { createSiteTagCollector, type SiteTagCollector } from './modules/site-tag/site-tag.collector';
import { clickHouseSiteTagStore } from './modules/site-tag/site-tag.clickhouse-store';
import { duckDbSiteTagStore, type SiteTagEventStore } from './modules/site-tag/site-tag.store';
import { startOpenRollupRefresher } from './modules/site-tag/site-tag.open-rollup';
import { startSiteTagRetention } from './modules/site-tag/site-tag.retention';
import { createCollectLimiter } from './modules/site-tag/site-tag.limits';
import { siteTagLimitsRepo } from './modules/site-tag/site-tag.limits.repo';
import { createIncidentsService, type IncidentsService } from './modules/incidents/incidents.service';
import { createApiKeysService } from './modules/integrations/api-keys.service';
import { createWebhookEventPublisher } from './modules/integrations/webhook-events';
import { createServicesService } from './modules/services/services.service';
import { scriptUrlOf } from './modules/site-tag/site-tag.service';
import { type MonitorScheduler } from './modules/monitors/monitor-scheduler';
import { registerProductRoutes } from './app-routes';
import type { AppDeps } from './app-deps';

export function publicUrlOf(config: AppConfig): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/** Builds the whole HTTP application; main.ts and the tests both use it. */
export interface BuiltApp {
  app: FastifyInstance;
  /** Set on SIGTERM so /readyz tells the load balancer to stop sending traffic. */
  shuttingDown: { value: boolean };
  engine: ReportEngine;
  workers: AppWorkers;
  /** Uptime checks; started with the other workers unless UPTIME_SCHEDULER=false (tests drain it by hand). */
  monitorScheduler: MonitorScheduler;
  /** Other modules (ads.txt, monitors) open and resolve incidents through it. */
  incidents: IncidentsService;
  /** Exposed for tests that run its scheduling step by hand. */
  sellersJson: SellersJsonService;
  /** Exposed so tests and the bench can flush buffered tag events at once. */
  siteTagCollector: SiteTagCollector;
  /** Which sessions are current; to end a user's sessions call `revokeUserSessions` (identity/sessions.ts). */
  sessions: SessionGuard;
  /** Background work after listening (main.ts's demo site-tag events), listed on /healthz. */
  startup: StartupWork;
  /** Demo mode: the port of the demo monitors' own target listener (demo/demo-targets.ts); null otherwise. */
  demoTargetsPort: number | null;
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, db } = deps;
  const app = createHttpApp(config, deps.logger);
  const shuttingDown = { value: false };
  const startup = createStartupWork();

  const publicUrl = publicUrlOf(config);
  // Secrets at rest (bank details, webhook secrets): one key ring; rows an earlier build left on the
  // key from its source, or in the clear, are sealed with it before anything reads them.
  const secretBox = createSecretBox(config.PAYMENT_DETAILS_KEYS);
  const upgraded = await upgradeSecretsAtRest(db, secretBox, { rotation: false });
  if (upgraded.paymentDetails + upgraded.webhookSecrets > 0) deps.logger.info(upgraded, 'secrets at rest sealed with the configured key');
  const keys = await loadSigningKeys(db);
  const tokens = createIdTokenIssuer(keys, publicUrl, config.ID_TOKEN_TTL_SECONDS);
  const sessions = createSessionGuard({ db, databaseUrl: deps.databaseUrl, log: deps.logger });
  // Other processes' (and any SQL's) changes to cached rows, by NOTIFY on commit (migration 0102).
  const changes = createChangeNotifications({ databaseUrl: deps.databaseUrl, log: deps.logger });
  const mailer =
    deps.mailer ??
    createMailer(db, config.MAIL_FROM, config.SMTP_URL, deps.logger, {
      dropDir: path.join(path.resolve(config.DATA_DIR), 'outbox'),
    });
  const audit = auditRepo(db);
  const throttle = createSignInThrottle(signInThrottleRepo(db), {
    accountIpFailures: config.SIGN_IN_LOCK_AFTER_ACCOUNT_IP,
    accountFailures: config.SIGN_IN_LOCK_AFTER_ACCOUNT,
    waitSeconds: config.SIGN_IN_LOCK_SECONDS,
    maxWaitSeconds: config.SIGN_IN_LOCK_MAX_SECONDS,
    forgetAfterSeconds: DEFAULT_THROTTLE_POLICY.forgetAfterSeconds,
  });
  const jobs = createJobQueue(db, deps.logger);
  const identity = createIdentityService({
    // Forgot-password only enqueues: same work for known and unknown addresses.
    enqueuePasswordReset: async (email) => {
      await jobs.enqueue<PasswordResetPayload>(PASSWORD_RESET_QUEUE, { email }, { dedupeKey: passwordResetDedupeKey(email) });
    },
    repo: identityRepo(db),
    tokens,
    mailer,
    publicUrl,
    productName: config.PRODUCT_NAME,
    throttle,
  });

  const dataDir = path.resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const engine = deps.reportEngine ?? createReportEngine(config);
  try {
    await engine.init();
  } catch (err) {
    // DuckDB lets one process open its file: a second server on the same DATA_DIR stops here.
    if (engine instanceof DuckDbReportEngine && /lock/i.test((err as Error).message))
      throw new Error(
        `The embedded report store ${path.join(dataDir, 'facts.duckdb')} is in use by another process. ` +
          'Run one server per DATA_DIR, or set CLICKHOUSE_URL to run several.',
        { cause: err },
      );
    throw err;
  }
  // One embedded fact store per database: a second DATA_DIR on the same DATABASE_URL is refused.
  const factStore =
    !deps.reportEngine && engine instanceof DuckDbReportEngine
      ? await registerEmbeddedFactStore(db, dataDir, deps.logger).catch(async (err: unknown) => {
          await engine.close();
          throw err;
        })
      : null;
  // The Site dimension shows names: the fact store learns them from the operational database.
  const allSites = await db.selectFrom('sites').select(['id', 'publisher_id', 'name']).execute();
  await engine.upsertSites(allSites.map((s) => ({ id: s.id, publisherId: s.publisher_id, name: s.name })));
  // Product events (incidents, ads.txt, payments, report exports) to publishers' webhook subscriptions.
  const publishWebhookEvent = createWebhookEventPublisher(jobs);
  // Site-tag events live in the report engine's database, behind their own store: the engine's
  // DuckDB file (one process), or its ClickHouse database, where every process collects and reads.
  // Another engine (a test's) leaves the events a DuckDB file of their own, DATA_DIR/site-tag.duckdb.
  const ownSiteTagDuck =
    engine instanceof DuckDbReportEngine || engine instanceof ClickHouseReportEngine
      ? null
      : new DuckDbReportEngine(path.join(dataDir, 'site-tag.duckdb'));
  if (ownSiteTagDuck) await ownSiteTagDuck.init();
  const siteTagStore: SiteTagEventStore =
    engine instanceof ClickHouseReportEngine
      ? clickHouseSiteTagStore(engine.connection)
      : duckDbSiteTagStore(engine instanceof DuckDbReportEngine ? engine : ownSiteTagDuck!);
  // Demo mode: the portal serves a demo page per site (/demo/sites/<id>) whose beacons come from its own origin.
  const demoMode = config.DEMO_DATA && config.NODE_ENV !== 'production';
  const demoOrigins = [...new Set([new URL(publicUrl).origin, `http://127.0.0.1:${config.PORT}`, `http://localhost:${config.PORT}`])];
  await siteTagStore.init();
  const tagRepo = siteTagRepo(db);
  const siteTagCollector = createSiteTagCollector({
    repo: tagRepo,
    store: siteTagStore,
    log: deps.logger,
    extraOrigins: deps.siteTagExtraOrigins ?? (demoMode ? demoOrigins : []),
    flushMs: deps.startWorkers === false ? 0 : 1000,
    changes,
    limiter: createCollectLimiter({
      repo: siteTagLimitsRepo(db),
      log: deps.logger,
      limits: {
        perSite: { rate: config.SITE_TAG_SITE_EVENTS_PER_SECOND, burst: config.SITE_TAG_SITE_BURST },
        perAddress: { rate: config.SITE_TAG_ADDRESS_EVENTS_PER_SECOND, burst: config.SITE_TAG_ADDRESS_BURST },
      },
    }),
  });
  // `npm run cli -- backup` asks the process holding the DuckDB files to export them (modules/backup).
  const storeBackups =
    factStore && deps.startWorkers !== false
      ? jobs.work<StoreBackupPayload>(STORE_BACKUP_QUEUE, storeBackupHandler(engine as DuckDbReportEngine, ownSiteTagDuck), {
          concurrency: 1,
          leaseMs: 10 * 60_000,
        })
      : null;
  // Today's and yesterday's audience rollup, rebuilt every minute by the process that owns the
  // DuckDB file (ClickHouse aggregates the raw events: no rollups to keep).
  const siteTagOpenRollup =
    deps.startWorkers === false || siteTagStore.dialect !== 'duckdb' ? null : startOpenRollupRefresher(siteTagStore, deps.logger);
  // Raw tag events kept per publisher for its plan's data.retention_days (site-tag.retention.ts).
  const siteTagRetention = deps.startWorkers === false ? null : startSiteTagRetention(siteTagStore, db, deps.logger);
  const repoOfReports = reportsRepo(db);
  const adsTxtBulk = adsTxtBulkRepo(db);
  const sellersJsonFetch =
    deps.sellersJsonFetch ?? createGuardedFetch({ allowHosts: config.OUTBOUND_ALLOW_HOSTS, userAgent: 'PartnersCenter-SellersJson/1.0' });
  const sellersJson = createSellersJsonService({
    db,
    jobs,
    fetch: sellersJsonFetch,
    maxBytes: config.SELLERS_JSON_MAX_MB * 1024 * 1024,
    log: deps.logger,
  });
  // Before the ads.txt service: its crawls open and resolve incidents.
  const incidents = createIncidentsService({ db, jobs, publishWebhookEvent });
  // One pool of worker threads for every CPU-heavy task (ads.txt revisions, export encoding).
  const cpuPool = createCpuPool();
  const revisionWorkers = createRevisionWorkers(cpuPool);
  const exportEncoder = createExportEncoder(cpuPool);
  const worseningWords = (d: { id: string; domain_name: string }, what: string) => ({
    domain: d.domain_name,
    pageUrl: `${publicUrl.replace(/\/$/, '')}${Routes.adsTxt}?domain=${encodeURIComponent(d.id)}`,
    what,
    productName: config.PRODUCT_NAME,
  });
  const adsTxtCrawler = deps.adsTxtCrawler ?? createAdsTxtCrawler({ allowHosts: config.OUTBOUND_ALLOW_HOSTS });
  const adsTxt = createAdsTxtService({
    db,
    revisionWorkers,
    repo: adsTxtRepo(db),
    audit,
    crawler: adsTxtCrawler,
    publicUrl,
    sellersJson,
    incidents,
    publishWebhookEvent,
    onWorse: async (d, what) =>
      alertOnWorsening({ mailer, recipients: await adsTxtBulk.recipientsOf(d.publisher_id), ...worseningWords(d, what) }),
    worseMessage: (d, what) => worseningMessage(worseningWords(d, what)),
  });
  const adsTxtBulkService = createAdsTxtBulkService({ db, adsTxt, repo: adsTxtBulk, jobs });
  const paymentSettings = createPaymentSettingsService({
    db,
    cipher: createDetailsCipher(config.PAYMENT_DETAILS_KEYS),
    jobs,
    defaultThreshold: config.PAYMENT_THRESHOLD_DEFAULT,
  });
  // Demo mode: the demo monitors check pages of a loopback listener of their own; exactly its
  // ip:port (and the demo's closed port) is allowed, never this server's port or any other.
  const demoTargets = demoMode ? await startDemoTargets() : null;
  const monitorTargets = { allowHosts: config.OUTBOUND_ALLOW_HOSTS, allowEndpoints: demoTargets?.endpoints ?? [] };
  const monitorsFetch = deps.monitorsFetch ?? createGuardedFetch({ ...monitorTargets, userAgent: 'PartnersCenter-Uptime/1.0' });
  const services = createServicesService({
    db,
    jobs,
    staffEmail: config.STAFF_NOTIFY_EMAIL,
    productName: config.PRODUCT_NAME,
    publicUrl,
    scriptUrl: (key) => scriptUrlOf(publicUrl, key),
  });
  const background = startBackgroundWork({
    config,
    db,
    logger: deps.logger,
    jobs,
    mailer,
    publicUrl,
    dataDir,
    startWorkers: deps.startWorkers !== false,
    publishWebhookEvent,
    engine,
    exportEncoder,
    reportsRepo: repoOfReports,
    identity,
    adsTxt,
    sellersJson,
    incidents,
    services,
    monitorsFetch,
    webhooksFetch: deps.webhooksFetch,
    secretBox,
  });
  app.addHook('onClose', async () => {
    // Runs after the listener closed and in-flight requests finished.
    await background.stop();
    if (!deps.monitorsFetch) await monitorsFetch.close();
    await demoTargets?.close();
    if (!deps.sellersJsonFetch) await sellersJsonFetch.close();
    if (!deps.adsTxtCrawler) await adsTxtCrawler.close?.();
    await storeBackups?.stop();
    await siteTagCollector.close();
    await siteTagOpenRollup?.stop();
    await siteTagRetention?.stop();
    await siteTagStore.close();
    await engine.close();
    factStore?.stop();
    await sessions.close();
    await changes.close();
    await cpuPool.destroy();
    await ownSiteTagDuck?.close();
  });

  const apiKeys = createApiKeysService(db);
  await registerPlatform(app, {
    config,
    db,
    publicUrl,
    resolveCaller: createCallerResolver(tokens, sessions),
    apiKeys: apiKeys.bearer(),
    cpuPool,
    siteTagStats: () => siteTagCollector.stats(),
  });
  // After the platform's access control (hooks run in order): gates read the checked publisher.
  registerFeatureGates(app, db);
  await registerProductRoutes({
    app,
    db,
    config,
    deps,
    demoMode,
    shuttingDown,
    startup,
    publicUrl,
    jwks: keys.jwks,
    identity,
    changes,
    mailer,
    repoOfReports,
    engine,
    exportEncoder,
    jobs,
    adsTxt,
    adsTxtBulkService,
    paymentSettings,
    publishWebhookEvent,
    tagRepo,
    siteTagStore,
    siteTagCollector,
    incidents,
    services,
    apiKeys,
    monitorsFetch,
    adsTxtCrawler,
    monitorTargets,
    secretBox,
  });

  return {
    app,
    shuttingDown,
    engine,
    workers: background.workers,
    incidents,
    monitorScheduler: background.monitorScheduler,
    sellersJson,
    siteTagCollector,
    sessions,
    startup,
    demoTargetsPort: demoTargets?.port ?? null,
  };
}
