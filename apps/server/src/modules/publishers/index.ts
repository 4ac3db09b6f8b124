import { defineArea } from '../../platform/area';
import { publishersRepo } from './publishers.repo';
import { publishersRoutes } from './publishers.routes';
import { createPublishersService } from './publishers.service';

/** What the publishers area offers the others. */
export { publisherRecords } from './publishers.repo';
export type { PublishersService } from './publishers.service';

/** Publishers and their sites; `publishers.invalidate` drops a changed publisher from every process's cache. */
export const publishersArea = defineArea({
  name: 'publishers',
  async setup({ db, changes }) {
    const publishers = createPublishersService(db, publishersRepo(db), changes);
    return {
      provides: { publishers },
      routes: async (app) => {
        await app.register(publishersRoutes, { publishers });
      },
    };
  },
});
