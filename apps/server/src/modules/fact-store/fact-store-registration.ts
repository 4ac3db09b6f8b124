import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Db } from '../../db/pool';
import { factStoreRepo } from './fact-store.repo';

/** The file in the data folder that names its fact store (kept by backups and restores). */
export const STORE_ID_FILE = 'fact-store-id';

/** A start refused because the database's facts are in another data folder. */
export class FactStoreConflictError extends Error {}

/** The data folder's store id: read, or created on its first start. */
export function storeIdOf(dataDir: string): string {
  const file = path.join(dataDir, STORE_ID_FILE);
  if (existsSync(file)) {
    const id = readFileSync(file, 'utf8').trim();
    if (id) return id;
  }
  const id = randomUUID();
  writeFileSync(file, `${id}\n`, { mode: 0o600 });
  return id;
}

/**
 * Registers the embedded (DuckDB) fact store of `dataDir` in PostgreSQL, or refuses: a database
 * has one embedded store. A second server on the same DATABASE_URL with another DATA_DIR would
 * otherwise start with empty facts of its own, and each publisher's figures would depend on the
 * process that answered. The same folder (a restart, the same DATA_DIR in this process) is
 * accepted whatever its path, host or pid now. A heartbeat keeps the row's time current so an
 * operator can tell a live store from an old one; it never hands the facts over by itself.
 */
export async function registerEmbeddedFactStore(db: Db, dataDir: string, log: Logger, heartbeatMs = 60_000) {
  const repo = factStoreRepo(db);
  const storeId = storeIdOf(dataDir);
  const row = await repo.claim({ store_id: storeId, data_dir: dataDir, host: os.hostname(), pid: process.pid });
  if (row.store_id !== storeId)
    throw new FactStoreConflictError(
      `This database's report facts are in the embedded store at ${row.data_dir} on ${row.host} ` +
        `(process ${row.pid}, last seen ${row.heartbeat_at.toISOString()}), not in ${dataDir}. ` +
        'A second server needs a shared fact store: set CLICKHOUSE_URL (docs/operations.md).',
    );
  const timer = setInterval(() => {
    repo.heartbeat(storeId).catch((err: Error) => log.warn({ err: err.message }, 'fact store heartbeat failed'));
  }, heartbeatMs);
  timer.unref();
  return {
    storeId,
    stop: () => clearInterval(timer),
  };
}
