import type { JobRecord } from '../../lib/jobs/job-queue';
import { exportStatement } from './duckdb-backup';

/**
 * The running server exports its embedded DuckDB stores for `npm run cli -- backup`: DuckDB lets
 * one process open a file, so the CLI asks the process that holds it (a job in PostgreSQL, run by
 * the server that registered the store, modules/fact-store).
 */
export const STORE_BACKUP_QUEUE = 'backup.embedded-stores';

export interface StoreBackupPayload {
  /** Where each store's export goes: facts (with the site-tag events when they share its file), site-tag. */
  factsDir: string;
  siteTagDir: string;
}

export interface StoreExporter {
  runSql(sql: string): Promise<unknown>;
}

export function storeBackupHandler(facts: StoreExporter, ownSiteTag: StoreExporter | null) {
  return async (job: JobRecord<StoreBackupPayload>) => {
    await facts.runSql(exportStatement(job.payload.factsDir));
    if (ownSiteTag) await ownSiteTag.runSql(exportStatement(job.payload.siteTagDir));
  };
}
