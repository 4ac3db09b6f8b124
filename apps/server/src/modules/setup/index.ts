import { defineArea } from '../../platform/area';
import { setupRoutes } from './setup.routes';
import { createSetupService } from './setup.service';

/** The publisher's setup steps. */
export const setupArea = defineArea({
  name: 'setup',
  async setup({ config, db }) {
    return {
      provides: {},
      routes: async (app) => {
        await app.register(setupRoutes, { setup: createSetupService({ db, getInTouchUrl: config.GET_IN_TOUCH_URL }) });
      },
    };
  },
});
