import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/env';
import type { Db } from '../db/pool';
import { registerEmbeddedFactStore } from '../modules/fact-store';
import { createReportEngine } from '../report-engine/create-engine';
import { DuckDbReportEngine } from '../report-engine/duckdb-engine';
import type { ReportEngine } from '../report-engine/report-engine';

/**
 * The report fact store every area reads (a test's or the bench's engine when given): opened,
 * registered as this database's one embedded store, and told the sites' names.
 */
export async function openReportStore(opts: { config: AppConfig; db: Db; logger: Logger; dataDir: string; injected?: ReportEngine }) {
  const { db, dataDir } = opts;
  const engine = opts.injected ?? createReportEngine(opts.config);
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
    !opts.injected && engine instanceof DuckDbReportEngine
      ? await registerEmbeddedFactStore(db, dataDir, opts.logger).catch(async (err: unknown) => {
          await engine.close();
          throw err;
        })
      : null;
  // The Site dimension shows names: the fact store learns them from the operational database.
  const allSites = await db.selectFrom('sites').select(['id', 'publisher_id', 'name']).execute();
  await engine.upsertSites(allSites.map((s) => ({ id: s.id, publisherId: s.publisher_id, name: s.name })));
  return { engine, factStore };
}
