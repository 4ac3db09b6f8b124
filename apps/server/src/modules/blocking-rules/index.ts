import { defineArea } from '../../platform/area';
import { blockingRulesRepo } from './blocking-rules.repo';
import { blockingRulesRoutes } from './blocking-rules.routes';
import { createBlockingRulesService } from './blocking-rules.service';
import { feedKeysRoutes } from './feed-keys.routes';
import { createFeedKeysService } from './feed-keys.service';

export type { BlockingRulesService } from './blocking-rules.service';
export { impactPreview } from './impact-preview';

export { seedDemoBlockingRules } from './demo/seed-demo-blocking-rules';

/** Blocking rules and the serving feed the ad server reads with its feed keys. */
export const blockingRulesArea = defineArea({
  name: 'blocking-rules',
  async setup({ config, db, engine }) {
    const feedKeys = createFeedKeysService({ db, providerToken: config.BLOCKING_FEED_TOKEN });
    const blockingRules = createBlockingRulesService({
      db,
      limits: { maxRulesPerPublisher: config.BLOCKING_RULES_MAX_PER_PUBLISHER, maxValuesPerRule: config.BLOCKING_RULE_MAX_VALUES },
    });
    return {
      provides: { blockingRules },
      routes: async (app) => {
        await app.register(blockingRulesRoutes, {
          rules: blockingRules,
          repo: blockingRulesRepo(db),
          engine,
          feedKeys,
          feedRatePerMinute: config.BLOCKING_FEED_RATE_PER_MINUTE,
        });
        await app.register(feedKeysRoutes, { keys: feedKeys, ratePerMinute: config.BLOCKING_FEED_RATE_PER_MINUTE });
      },
    };
  },
});
