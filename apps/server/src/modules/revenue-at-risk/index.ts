import { defineArea } from '../../platform/area';
import { revenueAtRiskRoutes } from './revenue-at-risk.routes';
import { createRevenueAtRiskService, type RevenueAtRiskDeps } from './revenue-at-risk.service';

/** Revenue at risk: what ads.txt problems, downtime, blocking rules and page speed cost a publisher. */
export const revenueAtRiskArea = defineArea({
  name: 'revenue-at-risk',
  async setup({ db, engine }, needs: Pick<RevenueAtRiskDeps, 'adsTxt' | 'monitors' | 'blockingRules' | 'siteTag'>) {
    return {
      provides: {},
      routes: async (app) => {
        await app.register(revenueAtRiskRoutes, {
          risk: createRevenueAtRiskService({
            db,
            engine,
            adsTxt: needs.adsTxt,
            monitors: needs.monitors,
            blockingRules: needs.blockingRules,
            siteTag: needs.siteTag,
          }),
        });
      },
    };
  },
});
