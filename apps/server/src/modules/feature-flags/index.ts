/**
 * What the feature-flags module offers other modules: entitlements (what a publisher's plan plus
 * its overrides allow, every flag shape, and the one plan refusal). Other modules import from here,
 * never from the module's files or the flag tables.
 */
export { entitlements, planRefusal, type Entitlements, type LimitRefusal, type PlanSentence } from './entitlements';
export { featureOff, FEATURE_GATES, registerFeatureGates } from './feature-gates';
export { createFeatureFlagsService, type FeatureFlagsService } from './feature-flags.service';
export { featureFlagsRoutes } from './feature-flags.routes';
