import { defineArea } from '../../platform/area';
import { plansRoutes } from './plans.routes';
import { createPlansService } from './plans.service';

export { seedDemoPlans } from './demo/seed-demo-plans';

/** My Plans: a publisher's plan and its change requests to staff. */
export const plansArea = defineArea({
  name: 'plans',
  async setup({ config, db, jobs }) {
    return {
      provides: {},
      routes: async (app) => {
        await app.register(plansRoutes, {
          plans: createPlansService({ db, jobs, staffEmail: config.STAFF_NOTIFY_EMAIL, productName: config.PRODUCT_NAME }),
        });
      },
    };
  },
});
