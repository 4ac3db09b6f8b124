import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../app-deps';
import { createChangeNotifications } from '../db/change-notifications';
import { createJobQueue } from '../lib/jobs/job-queue';
import { createSecretBox } from '../lib/keys/secret-box';
import { createCpuPool } from '../lib/workers/cpu-pool';
import { createMailer } from '../mail/mailer';
import { upgradeSecretsAtRest } from '../secrets-at-rest-upgrade';
import type { Platform } from './area';
import { withReportCache } from './cached-report-engine';
import { createReportCache } from './report-cache';
import { openReportStore } from './report-store';

/** What every area may use (platform/area.ts), built before any area. */
export async function buildPlatform(deps: AppDeps): Promise<Platform> {
  const { config, db, logger } = deps;
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  // Rows an earlier build left on the key from its source, or in the clear, are sealed with the
  // configured key ring before anything reads them.
  const secretBox = createSecretBox(config.PAYMENT_DETAILS_KEYS);
  const upgraded = await upgradeSecretsAtRest(db, secretBox, { rotation: false });
  if (upgraded.paymentDetails + upgraded.webhookSecrets > 0) logger.info(upgraded, 'secrets at rest sealed with the configured key');
  const dataDir = path.resolve(config.DATA_DIR);
  const mailer = deps.mailer ?? createMailer(db, config.MAIL_FROM, config.SMTP_URL, logger, { dropDir: path.join(dataDir, 'outbox') });
  const jobs = createJobQueue(db, logger);
  mkdirSync(dataDir, { recursive: true });
  const store = await openReportStore({ config, db, logger, dataDir, injected: deps.reportEngine });
  // Listening starts once the store is open: a store refused at start (another server's) leaves no connection open.
  const changes = createChangeNotifications({ databaseUrl: deps.databaseUrl, log: logger });
  // Every area reads facts through one cache, dropped across processes by NOTIFY when an ingest,
  // finalization or site change touches a publisher (report-cache.ts).
  const engine = withReportCache(store.engine, createReportCache({ changes }));
  const { factStore } = store;
  const startWorkers = deps.startWorkers !== false;
  const demoMode = config.DEMO_DATA && config.NODE_ENV !== 'production';
  const shared = { jobs, mailer, changes, engine, factStore, secretBox, cpuPool: createCpuPool() };
  return { config, db, logger, deps, publicUrl, dataDir, demoMode, startWorkers, pollMs: startWorkers ? 1_000 : 0, ...shared };
}

/** After every area closed: the report store, then the shared connections and threads. */
export async function closePlatform(p: Platform): Promise<void> {
  await p.engine.close();
  p.factStore?.stop();
  await p.changes.close();
  await p.cpuPool.destroy();
}
