import { defineArea } from '../../platform/area';
import { dataLoadsRoutes } from './data-loads.routes';
import { createDataLoadsService } from './data-loads.service';
import { scheduleInterruptedPublishRepair } from './interrupted-publish';

export { recordedIngest, recordedIngestFile } from './data-loads.service';
export { seedDemoLoads } from './demo/seed-demo-loads';
export { INGEST_LOCK, IngestLockedError, withIngestLock } from './ingest-lock';

/** Staff's view of the revenue data loads, and the repair of an ingestion whose process died while publishing. */
export const dataLoadsArea = defineArea({
  name: 'data-loads',
  async setup({ db, engine, logger, startWorkers }) {
    return {
      provides: {},
      // Only engines that publish in several statements (ClickHouse) can leave one half done.
      schedules: startWorkers && engine.finishInterruptedIngests ? [scheduleInterruptedPublishRepair(db, engine, logger)] : [],
      routes: async (app) => {
        await app.register(dataLoadsRoutes, { dataLoads: createDataLoadsService(db), db, engine });
      },
    };
  },
});
