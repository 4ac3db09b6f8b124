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
 * Loads configuration or exits with one line naming the bad variable. The key for secrets at rest
 * is PAYMENT_DETAILS_KEYS, or the demo's own generated one (lib/keys/key-store.ts).
 */
export function configOrExit(env: NodeJS.ProcessEnv = process.env, opts: { secretKeys?: boolean } = {}): AppConfig {
  try {
    const config = loadConfig(env);
    // The command line resolves the key only in the commands that need it (cli.ts).
    return opts.secretKeys === false ? config : { ...config, PAYMENT_DETAILS_KEYS: resolveSecretKeys(config) };
  } catch (err) {
    if (err instanceof ConfigError || err instanceof KeySettingMissing) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
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
