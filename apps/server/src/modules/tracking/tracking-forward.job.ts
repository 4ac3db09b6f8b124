import type { JobHandler } from '../../lib/jobs/job-queue';
import type { GuardedFetch } from '../../lib/outbound/guarded-fetch';
import type { TrackingRepo } from './tracking.repo';
import type { TrackingForwardPayload } from './tracking.service';

/**
 * Sends one stored /mp event to the configured analytics service through the guarded outbound
 * client. A network failure or a 5xx/429 throws, so the job queue retries it with backoff (5
 * attempts); another 4xx means the service will never take it, so it is logged and dropped rather
 * than retried. Failures never reach the user: the event is already stored first-party.
 */
export function trackingForwardHandler(deps: {
  repo: TrackingRepo;
  fetch: GuardedFetch;
  url: string;
  token: string | null;
  log: { warn: (obj: object, msg: string) => void };
}): JobHandler<TrackingForwardPayload> {
  return async (job, signal) => {
    const e = await deps.repo.find(job.payload.eventId);
    if (!e) return;
    const res = await deps.fetch(deps.url, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        // Lets the receiver drop a repeat if an earlier attempt reached it but its answer was lost.
        'idempotency-key': `pc-event-${e.id}`,
        ...(deps.token ? { authorization: `Bearer ${deps.token}` } : {}),
      },
      body: JSON.stringify({
        id: e.id,
        event: e.event,
        timestamp: e.clientTimestamp,
        receivedAt: e.receivedAt.toISOString(),
        userId: e.userId,
        scope: e.scope,
        properties: e.properties ?? {},
      }),
    });
    if (res.status >= 500 || res.status === 429) throw new Error(`analytics service answered ${res.status}`);
    if (res.status >= 400) deps.log.warn({ eventId: e.id, status: res.status }, 'analytics service refused a tracking event');
  };
}
