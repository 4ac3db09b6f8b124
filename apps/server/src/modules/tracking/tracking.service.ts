import type { TrackingEvent } from '@pc/contracts';
import type { TrackingRepo } from './tracking.repo';

/** Usage events are stored first-party; anonymous ones (before sign-in) carry no user. */
export function createTrackingService(repo: TrackingRepo) {
  return {
    record(userId: string | null, e: TrackingEvent): Promise<void> {
      return repo.insert({ userId, event: e.event, clientTimestamp: e.timestamp, scope: e.scope, properties: e.properties });
    },
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
