import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/server/src/db/embedded-postgres';
import { migrate } from '../apps/server/src/db/migrate';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/pool';

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** Drops the bench's database and stops the embedded PostgreSQL it started, if any. */
  close(): Promise<void>;
}

/**
 * A migrated database of the bench's own (`pc_bench_<name>_<pid>`), so a bench never touches real
 * data: on the PostgreSQL at `url` when given (a --database-url or DATABASE_URL), else on an
 * embedded PostgreSQL in a temporary directory.
 */
export async function openBenchDatabase(
  name: string,
  url: string | undefined,
  log: Logger,
  pool: { max: number; statementTimeoutMs?: number },
): Promise<BenchDatabase> {
  let embedded: EmbeddedDatabase | null = null;
  let dataDir: string | null = null;
  let serverUrl = url;
  if (!serverUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), `pc-bench-${name}-`));
    // PostgreSQL may run as another user (root here): it must be able to enter the directory.
    chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres(dataDir, log, 'postgres');
    serverUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const database = `pc_bench_${name}_${process.pid}`;
  await admin.query(`CREATE DATABASE ${database}`);
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  const handle = openDatabase(u.toString(), log, pool.max, pool.statementTimeoutMs);
  await migrate(handle.pool);
  return {
    handle,
    async close() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
      await embedded?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
