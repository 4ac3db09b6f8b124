import { defineArea } from '../../platform/area';
import type { DuckDbReportEngine } from '../../report-engine/duckdb-engine';
import { STORE_BACKUP_QUEUE, storeBackupHandler, type StoreBackupPayload } from './store-backup.job';

export { backup, restorableInto, restore } from './backup';

/**
 * `npm run cli -- backup` asks the process holding the DuckDB files to export them: the fact
 * store's, and the site tag's own events file when it has one.
 */
export const backupArea = defineArea({
  name: 'backup',
  async setup({ engine, factStore, jobs, startWorkers }, needs: { ownEventsFile: DuckDbReportEngine | null }) {
    const storeBackups =
      factStore && startWorkers
        ? jobs.work<StoreBackupPayload>(STORE_BACKUP_QUEUE, storeBackupHandler(engine as DuckDbReportEngine, needs.ownEventsFile), {
            concurrency: 1,
            leaseMs: 10 * 60_000,
          })
        : null;
    // Stopped with the area's close, not with the queue workers: it is not one of BuiltApp's workers.
    return { provides: {}, close: async () => storeBackups?.stop() };
  },
});
