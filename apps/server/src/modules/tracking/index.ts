import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import { defineArea } from '../../platform/area';
import { trackingForwardHandler } from './tracking-forward.job';
import { trackingRepo } from './tracking.repo';
import { trackingRoutes } from './tracking.routes';
import { TRACKING_FORWARD_QUEUE, createTrackingService, type TrackingForwardPayload } from './tracking.service';

/** Page analytics: /mp events, forwarded to the analytics service (idle unless ANALYTICS_FORWARD_URL is set). */
export const trackingArea = defineArea({
  name: 'tracking',
  async setup({ config, db, jobs, logger, pollMs }) {
    // Closed with the area, so no kept-alive connection outlives the app.
    const trackingFetch = createGuardedFetch({
      allowHosts: config.OUTBOUND_ALLOW_HOSTS,
      userAgent: 'PartnersCenter-Analytics/1.0',
      timeoutMs: 10_000,
    });
    const trackingForwards = jobs.work<TrackingForwardPayload>(
      TRACKING_FORWARD_QUEUE,
      trackingForwardHandler({
        repo: trackingRepo(db),
        fetch: trackingFetch,
        url: config.ANALYTICS_FORWARD_URL ?? '',
        token: config.ANALYTICS_FORWARD_TOKEN,
        log: logger,
      }),
      { pollMs, concurrency: 2, leaseMs: 30_000, retryBaseMs: 5_000 },
    );
    return {
      provides: {},
      workers: { trackingForwards },
      routes: async (app) => {
        await app.register(trackingRoutes, {
          tracking: createTrackingService({ db, jobs, forwarding: config.ANALYTICS_FORWARD_URL !== null }),
        });
      },
      close: () => trackingFetch.close(),
    };
  },
});
