import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { seedDemo } from './demo/seed-demo';
import { seedDemoFacts } from './demo/seed-demo-facts';
import { seedDemoPayments } from './demo/seed-demo-payments';
import { seedDemoServices } from './demo/seed-demo-services';
import { DEMO_PASSWORD, DEMO_USERS } from './demo/demo-data';
import { seedDemoMonitors } from './modules/monitors';
import { seedDemoSiteTag } from './modules/site-tag';
import { StartRefused, configOrExit, exitWhenDrained, startRuntime } from './runtime';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** What a failed start closes: the runtime once it runs, the app with it once built. */
let stopForCrash: (() => Promise<void>) | null = null;

async function main() {
  // `npm start` passes --demo: demo data is on unless DEMO_DATA says otherwise.
  const env = process.argv.includes('--demo') ? { DEMO_DATA: 'true', ...process.env } : process.env;
  const config = configOrExit(env);
  const runtime = await startRuntime(config);
  stopForCrash = () => runtime.stop();
  const { logger, database } = runtime;
  const demo = config.DEMO_DATA && config.NODE_ENV !== 'production';
  if (demo && (await seedDemo(database.db))) logger.info('demo data seeded');
  // Services, plans and API keys: here rather than in seedDemo, which the API tests use and whose
  // publishers they expect on the default plan with nothing activated.
  if (demo && (await seedDemoServices(database.db))) logger.info('demo services, plans and API keys seeded');

  const { app, shuttingDown, engine, startup, demoTargetsPort, paymentSettings } = await buildApp({
    config,
    db: database.db,
    logger,
    webDistDir: WEB_DIST,
    databaseUrl: database.url,
  });
  stopForCrash = async () => {
    await app.close().catch(() => undefined);
    await runtime.stop();
  };
  if (demo) await seedDemoFacts(engine, logger, new Date(), database.db);
  if (demo) await seedDemoPayments(database.db, engine, config, logger, paymentSettings);
  if (demo && demoTargetsPort !== null) await seedDemoMonitors(database.db, demoTargetsPort, logger);
  // In the background: a few seconds of DuckDB work that nothing at start-up waits for (/healthz lists it while it runs).
  if (demo)
    startup.track(
      'demo site-tag events',
      seedDemoSiteTag(engine, database.db, logger).catch((err: unknown) =>
        // Stopped seconds after start, the shutdown closes the engine under the seed: not a
        // failure. The seed checks for yesterday's events, written last, so the next start redoes it.
        shuttingDown.value
          ? logger.info('demo site-tag events cut short by the shutdown; the next start generates them')
          : logger.error({ err }, 'demo site-tag events failed'),
      ),
    );
  let stopping = false;
  /**
   * SIGTERM/SIGINT, in this order: /readyz answers 503 (for SHUTDOWN_DRAIN_MS, so
   * load balancers stop sending); the listener closes and in-flight requests finish; workers stop
   * claiming and running jobs finish or go back to the queue (SHUTDOWN_TIMEOUT_MS); the pool closes;
   * the embedded PostgreSQL, in its own process group so the signal did not reach it, stops last.
   */
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    shuttingDown.value = true;
    logger.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down: /readyz answers 503');
    const force = setTimeout(
      () => {
        logger.error('shutdown took too long; exiting');
        process.exit(1);
      },
      config.SHUTDOWN_DRAIN_MS + 2 * config.SHUTDOWN_TIMEOUT_MS + 10_000,
    );
    force.unref();
    if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_MS));
    logger.info('shutting down: listener closed, finishing in-flight requests and jobs');
    // Bounded: a request still running after SHUTDOWN_TIMEOUT_MS has its connection closed.
    const slow = setTimeout(() => app.server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
    await app.close().catch((err: Error) => logger.error({ err: err.message }, 'close failed'));
    clearTimeout(slow);
    await runtime.stop();
    logger.info('shut down cleanly');
    exitWhenDrained(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE')
      throw new Error(
        `Port ${config.PORT} on ${config.HOST} is already in use (another server?). Stop that program or set PORT to a free port.`,
      );
    if (err.code === 'EACCES')
      throw new Error(`Not allowed to listen on port ${config.PORT}. Use a port above 1024 or run with the needed permission.`);
    throw err;
  });
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const lines = [`\n  ${config.PRODUCT_NAME} is running at ${url}`, `  API docs: ${url}/api/docs`];
  if (demo) {
    lines.push(`\n  Demo sign-ins (password for all: ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) lines.push(`    ${u.email.padEnd(22)} ${u.role}`);
  }
  lines.push(`\n  Stop with Ctrl-C; data stays in ${config.DATABASE_URL ? 'the DATABASE_URL database' : path.resolve(config.DATA_DIR)}.\n`);
  console.log(lines.join('\n'));
}

main().catch(async (err: unknown) => {
  // Already reported, with nothing opened: the process ends by itself (runtime.ts says why not exit()).
  if (err instanceof StartRefused) return;
  // Every failure names its cause: never "Failed to start: undefined".
  const cause = err instanceof Error ? err.message || err.name : err === undefined ? 'unknown error (no message)' : String(err);
  process.stderr.write(`Failed to start: ${cause}\n`);
  // Never leave an embedded PostgreSQL running behind a failed start.
  await stopForCrash?.().catch(() => undefined);
  exitWhenDrained(1);
});
