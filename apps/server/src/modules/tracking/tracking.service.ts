import type { TrackingEvent } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { trackingRepo } from './tracking.repo';

export const TRACKING_FORWARD_QUEUE = 'tracking.forward';
export interface TrackingForwardPayload {
  eventId: number;
}

/**
 * Usage events are stored first-party; anonymous ones (before sign-in) carry no user. When an
 * analytics service is configured, a forwarding job is queued in the same transaction as the row
 * (tracking-forward.job.ts sends it, retried with backoff), so the browser's call never waits on,
 * or fails because of, the outside service.
 */
export function createTrackingService(deps: { db: Db; jobs: JobQueue; forwarding: boolean }) {
  return {
    record(userId: string | null, e: TrackingEvent): Promise<void> {
      return inTransaction(deps.db, async (trx) => {
        const id = await trackingRepo(trx).insert({
          userId,
          event: e.event,
          clientTimestamp: e.timestamp,
          scope: e.scope,
          properties: e.properties,
        });
        if (deps.forwarding)
          await deps.jobs.enqueue<TrackingForwardPayload>(TRACKING_FORWARD_QUEUE, { eventId: id }, { db: trx, maxAttempts: 5 });
      });
    },
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
