import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps';
import { registerFeatureGates } from './modules/feature-flags';
import { createHttpApp, registerPlatform } from './http/create-http-app';
import { healthRoutes } from './http/health/health.routes';
import { publicConfigRoutes, toPublicConfig } from './http/public-config/public-config.routes';
import { registerStaticWeb } from './http/static-web';
import { createStartupWork, type StartupWork } from './lib/startup/startup-work';
import { registerAreaRoutes, setUpAreas, stopAreas, type SetUpAreas } from './platform/area';
import { buildPlatform, closePlatform } from './platform/platform';
import { identityArea } from './identity';
import type { SessionGuard } from './identity/sessions';
import { adminArea } from './modules/admin';
import { adsTxtArea, type SellersJsonService } from './modules/adstxt';
import { auditArea } from './modules/audit';
import { backupArea } from './modules/backup';
import { blockingRulesArea } from './modules/blocking-rules';
import { dataLoadsArea } from './modules/data-loads';
import { featureFlagsArea } from './modules/feature-flags';
import { incidentsArea, type IncidentsService } from './modules/incidents';
import { integrationsArea } from './modules/integrations';
import { monitorsArea, type MonitorScheduler } from './modules/monitors';
import { paymentSettingsArea } from './modules/payment-settings';
import { paymentsArea } from './modules/payments';
import { personalInfoArea } from './modules/personal-info';
import { plansArea } from './modules/plans';
import { publishersArea } from './modules/publishers';
import { reportsArea } from './modules/reports';
import type { ReportEngine } from './modules/reports/engine/report-engine';
import { revenueAtRiskArea } from './modules/revenue-at-risk';
import { servicesArea } from './modules/services';
import { setupArea } from './modules/setup';
import { siteTagArea, type SiteTagCollector } from './modules/site-tag';
import { trackingArea } from './modules/tracking';
import { usageArea } from './modules/usage';

export { publicUrlOf } from './platform/platform';

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

/**
 * The product areas (modules/<area>/index.ts), each after the areas whose services it uses: set up
 * in this order, their routes registered in it after the platform's, closed in the reverse.
 */
const AREAS = [
  identityArea,
  integrationsArea,
  publishersArea,
  personalInfoArea,
  incidentsArea,
  reportsArea,
  trackingArea,
  adsTxtArea,
  paymentSettingsArea,
  paymentsArea,
  blockingRulesArea,
  featureFlagsArea,
  adminArea,
  auditArea,
  usageArea,
  dataLoadsArea,
  siteTagArea,
  backupArea,
  servicesArea,
  plansArea,
  setupArea,
  monitorsArea,
  revenueAtRiskArea,
] as const;

/** Every area's queue workers by name; tests drain them by hand (`startWorkers: false` makes them not poll). */
export type AppWorkers = SetUpAreas<typeof AREAS>['workers'];

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, db } = deps;
  const app = createHttpApp(config, deps.logger);
  const shuttingDown = { value: false };
  const startup = createStartupWork();
  const platform = await buildPlatform(deps);
  const { parts: areas, workers, provides } = await setUpAreas(platform, AREAS);
  app.addHook('onClose', async () => {
    // Runs after the listener closed and in-flight requests finished.
    await stopAreas(platform, areas);
    await closePlatform(platform);
  });
  await registerPlatform(app, {
    config,
    db,
    publicUrl: platform.publicUrl,
    resolveCaller: provides.resolveCaller,
    apiKeys: provides.apiKeys,
    cpuPool: platform.cpuPool,
    siteTagStats: () => provides.siteTagCollector.stats(),
  });
  // After the platform's access control (hooks run in order): gates read the checked publisher.
  registerFeatureGates(app, db);
  await app.register(healthRoutes, { db, isShuttingDown: () => shuttingDown.value, startup });
  const publicConfig = toPublicConfig(config, new URL(platform.publicUrl).host);
  await app.register(publicConfigRoutes, { config: publicConfig });
  await registerAreaRoutes(app, areas);
  if (deps.webDistDir) await registerStaticWeb(app, deps.webDistDir, publicConfig);
  return {
    app,
    shuttingDown,
    engine: platform.engine,
    workers,
    incidents: provides.incidents,
    monitorScheduler: provides.monitorScheduler,
    sellersJson: provides.sellersJson,
    siteTagCollector: provides.siteTagCollector,
    sessions: provides.sessions,
    startup,
    demoTargetsPort: provides.demoTargetsPort,
  };
}
