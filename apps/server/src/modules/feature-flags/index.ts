/**
 * What the feature-flags module offers other modules: entitlements (what a publisher's plan plus
 * its overrides allow, every flag shape, and the one plan refusal). Other modules import from here,
 * never from the module's files or the flag tables.
 */
import { defineArea } from '../../platform/area';
import { featureFlagsRoutes } from './feature-flags.routes';
import { createFeatureFlagsService } from './feature-flags.service';

export { entitlements, planRefusal, type Entitlements, type LimitRefusal, type PlanSentence } from './entitlements';
export { featureOff, FEATURE_GATES, registerFeatureGates } from './feature-gates';
export { createFeatureFlagsService, type FeatureFlagsService } from './feature-flags.service';
export { featureFlagsRoutes } from './feature-flags.routes';
export { seedDemoFlagOverrides } from './demo/seed-demo-flag-overrides';

/** Staff's flag and override pages. The gates themselves run with the platform (registerFeatureGates). */
export const featureFlagsArea = defineArea({
  name: 'feature-flags',
  async setup({ config, db }) {
    return {
      provides: {},
      routes: async (app) => {
        await app.register(featureFlagsRoutes, {
          flags: createFeatureFlagsService({ db, showNewFeaturesUntil: config.SHOW_NEW_FEATURES_UNTIL }),
        });
      },
    };
  },
});
