import { defineArea } from '../../platform/area';
import { dataLoadsRoutes } from './data-loads.routes';
import { createDataLoadsService } from './data-loads.service';

export { recordedIngest, recordedIngestFile } from './data-loads.service';
export { seedDemoLoads } from './demo/seed-demo-loads';
export { INGEST_LOCK, withIngestLock } from './ingest-lock';

/** Staff's view of the revenue data loads. */
export const dataLoadsArea = defineArea({
  name: 'data-loads',
  async setup({ db, engine }) {
    return {
      provides: {},
      routes: async (app) => {
        await app.register(dataLoadsRoutes, { dataLoads: createDataLoadsService(db), db, engine });
      },
    };
  },
});
