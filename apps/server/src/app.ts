import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps';
import { registerFeatureGates } from './modules/feature-flags';
import { createHttpApp, registerPlatform } from './http/create-http-app';
import { healthRoutes } from './http/health/health.routes';
import { publicConfigRoutes, toPublicConfig } from './http/public-config/public-config.routes';
import { registerStaticWeb } from './http/static-web';
import { createStartupWork, type StartupWork } from './lib/startup/startup-work';
import { pick, registerAreaRoutes, setUpAreas, stopAreas, type Platform, type SetUpAreas } from './platform/area';
import { buildPlatform, closePlatform } from './platform/platform';
import { uncachedEngine } from './platform/cached-report-engine';
import { identityArea } from './identity';
import { adminArea } from './modules/admin';
import { adsTxtArea } from './modules/adstxt';
import { auditArea } from './modules/audit';
import { backupArea } from './modules/backup';
import { blockingRulesArea } from './modules/blocking-rules';
import { dataLoadsArea } from './modules/data-loads';
import { featureFlagsArea } from './modules/feature-flags';
import { incidentsArea } from './modules/incidents';
import { integrationsArea } from './modules/integrations';
import { monitorsArea } from './modules/monitors';
import { paymentSettingsArea } from './modules/payment-settings';
import { paymentsArea } from './modules/payments';
import { personalInfoArea } from './modules/personal-info';
import { plansArea } from './modules/plans';
import { publishersArea } from './modules/publishers';
import { reportsArea } from './modules/reports';
import type { ReportEngine } from './report-engine/report-engine';
import { revenueAtRiskArea } from './modules/revenue-at-risk';
import { servicesArea } from './modules/services';
import { setupArea } from './modules/setup';
import { siteTagArea } from './modules/site-tag';
import { trackingArea } from './modules/tracking';
import { usageArea } from './modules/usage';

/** What the areas provide that main.ts, the tests and the benches reach (each one's words are in its area). */
const EXPOSED = [
  'incidents',
  'monitorScheduler',
  'sellersJson',
  'siteTagCollector',
  'sessions',
  'demoTargetsPort',
  'paymentSettings',
] as const;

/** Builds the whole HTTP application; main.ts and the tests both use it. */
export interface BuiltApp extends Pick<SetUpAreas<typeof AREAS>['provides'], (typeof EXPOSED)[number]> {
  app: FastifyInstance;
  /** Set on SIGTERM so /readyz tells the load balancer to stop sending traffic. */
  shuttingDown: { value: boolean };
  /** The report engine itself, not the areas' cached view of it (platform/cached-report-engine.ts). */
  engine: ReportEngine;
  workers: AppWorkers;
  /** Background work after listening (main.ts's demo site-tag events), listed on /healthz. */
  startup: StartupWork;
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
  const app = createHttpApp(deps.config, deps.logger);
  const shuttingDown = { value: false };
  const startup = createStartupWork();
  const platform = await buildPlatform(deps);
  // A start that fails from here on closes what was opened, so the process can end by itself.
  const set = await setUpAreas(platform, AREAS).catch(async (err: unknown) => {
    await closePlatform(platform).catch(() => undefined);
    throw err;
  });
  const { parts: areas, workers, provides } = set;
  app.addHook('onClose', async () => {
    // Runs after the listener closed and in-flight requests finished.
    await stopAreas(platform, areas);
    await closePlatform(platform);
  });
  try {
    await registerRoutes(app, deps, { platform, areas, provides, shuttingDown, startup });
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  return { app, shuttingDown, engine: uncachedEngine(platform.engine), workers, startup, ...pick(provides, EXPOSED) };
}

type Areas = SetUpAreas<typeof AREAS>;

/** The platform's hooks and routes, then each area's, then the web app. */
async function registerRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  built: { platform: Platform; areas: Areas['parts']; provides: Areas['provides']; shuttingDown: { value: boolean }; startup: StartupWork },
): Promise<void> {
  const { config, db } = deps;
  const { resolveCaller, apiKeys, siteTagCollector } = built.provides;
  const { publicUrl, cpuPool, engine } = built.platform;
  // DuckDB's memory in this process; a ClickHouse engine's is the server's, so it has none.
  const reportStoreMemory = engine.memoryInUse?.bind(engine);
  await registerPlatform(app, {
    config,
    db,
    publicUrl,
    resolveCaller,
    apiKeys,
    cpuPool,
    siteTagStats: () => siteTagCollector.stats(),
    ...(reportStoreMemory ? { reportStoreMemory } : {}),
  });
  // After the platform's access control (hooks run in order): gates read the checked publisher.
  registerFeatureGates(app, db);
  await app.register(healthRoutes, { db, isShuttingDown: () => built.shuttingDown.value, startup: built.startup });
  const publicConfig = toPublicConfig(config, new URL(publicUrl).host);
  await app.register(publicConfigRoutes, { config: publicConfig });
  await registerAreaRoutes(app, built.areas);
  if (deps.webDistDir) await registerStaticWeb(app, deps.webDistDir, publicConfig);
}
