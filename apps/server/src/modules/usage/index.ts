import { defineArea } from '../../platform/area';
import { USAGE_RETENTION_QUEUE, scheduleUsageRetention, usageRetentionHandler, type UsageRetentionPayload } from './usage-retention.job';
import { usageRepo } from './usage.repo';
import { usageRoutes } from './usage.routes';
import { createUsageService } from './usage.service';

export { seedDemoUsage } from './demo/seed-demo-usage';

/** API usage figures, their raw rows kept USAGE_RAW_RETENTION_DAYS. */
export const usageArea = defineArea({
  name: 'usage',
  async setup({ config, db, jobs, logger, pollMs, startWorkers }) {
    const usageRetention = jobs.work<UsageRetentionPayload>(
      USAGE_RETENTION_QUEUE,
      usageRetentionHandler({ db, retentionDays: config.USAGE_RAW_RETENTION_DAYS, log: logger }),
      { pollMs, concurrency: 1, leaseMs: 10 * 60_000 },
    );
    return {
      provides: {},
      workers: { usageRetention },
      schedules: startWorkers ? [scheduleUsageRetention(jobs, logger)] : [],
      routes: async (app) => {
        await app.register(usageRoutes, { usage: createUsageService(usageRepo(db)) });
      },
    };
  },
});
