import pino, { type Logger } from 'pino';
import { loadConfig, ConfigError, type AppConfig } from './config/env';
import { KeySettingMissing, resolveSecretKeys } from './lib/keys/key-store';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { migrate } from './db/migrate';
import { openDatabase, type DatabaseHandle } from './db/pool';

export interface Runtime {
  config: AppConfig;
  logger: Logger;
  database: DatabaseHandle;
  embedded: EmbeddedDatabase | null;
  stop(): Promise<void>;
}

/**
 * A start refused before anything was opened: its one line is already on stderr and the exit code
 * set. The caller returns, and the process ends by itself.
 */
export class StartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartRefused';
  }
}

/**
 * Loads configuration or refuses the start with one line naming the bad variable (StartRefused).
 * The key for secrets at rest is PAYMENT_DETAILS_KEYS, or the demo's own generated one
 * (lib/keys/key-store.ts).
 *
 * Not process.exit(): on Node 24 it can hang for good when called right after the app's modules
 * load. It joins V8's compiler threads while one of them waits for a garbage collection that only
 * the exiting main thread could run (seen as a refused `npm start` that never ended, about one
 * run in a hundred under load). Nothing is open yet, so letting the event loop drain exits cleanly.
 */
export function configOrExit(env: NodeJS.ProcessEnv = process.env, opts: { secretKeys?: boolean } = {}): AppConfig {
  try {
    const config = loadConfig(env);
    // The command line resolves the key only in the commands that need it (cli.ts).
    return opts.secretKeys === false ? config : { ...config, PAYMENT_DETAILS_KEYS: resolveSecretKeys(config) };
  } catch (err) {
    if (err instanceof ConfigError || err instanceof KeySettingMissing) {
      process.stderr.write(`${err.message}\n`);
      process.exitCode = 1;
      throw new StartRefused(err.message);
    }
    throw err;
  }
}

/**
 * Ends the process with `code` once its event loop drains: not process.exit(), for the reason
 * configOrExit gives. The caller has closed what it opened; if something still holds the loop
 * after `graceMs`, its handles are named on stderr and process.exit() ends it after all.
 */
export function exitWhenDrained(code: number, graceMs = 5000): void {
  process.exitCode = code;
  const fallback = setTimeout(() => {
    process.stderr.write(`Still running ${graceMs / 1000} s after stopping (${process.getActiveResourcesInfo().join(', ')}); exiting.\n`);
    process.exit(code);
  }, graceMs);
  // Unreferenced: a drained loop ends the process without waiting for it.
  fallback.unref();
}

/** Database up (embedded unless DATABASE_URL), migrated: shared by the server and the CLI. */
export async function startRuntime(config: AppConfig): Promise<Runtime> {
  const logger = pino({ level: config.LOG_LEVEL, base: undefined });
  const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.DATA_DIR, logger, undefined, { ownProcessGroup: true });
  const url = config.DATABASE_URL ?? embedded!.url;
  const database = openDatabase(url, logger, 20, config.STATEMENT_TIMEOUT_MS);
  try {
    const applied = await migrate(database.pool);
    if (applied.length) logger.info({ applied }, 'migrations applied');
  } catch (err) {
    await database.close();
    await embedded?.stop();
    throw err;
  }
  return {
    config,
    logger,
    database,
    embedded,
    async stop() {
      await database.close().catch(() => undefined);
      await embedded?.stop();
    },
  };
}
