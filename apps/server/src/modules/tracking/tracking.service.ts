import { SIGNED_OUT_PATHS, scopeAllows, trackingScope, type TrackingEvent } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { AuthContext } from '../../http/request-context';
import { forbidden } from '../../lib/http-error';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { trackingRepo } from './tracking.repo';

export const TRACKING_FORWARD_QUEUE = 'tracking.forward';
export interface TrackingForwardPayload {
  eventId: number;
}

type TrackingScope = ReturnType<typeof trackingScope>;

/** The property names the usage rollups read a partner from (usage_publisher, migration 0053). */
const PUBLISHER_PROPERTIES = ['publisher_id', 'publisherId'] as const;

const sameScope = (a: NonNullable<TrackingEvent['scope']>, b: TrackingScope): boolean =>
  a.type === b.type &&
  a.adminAccess === b.adminAccess &&
  a.mediaOwnerId === b.mediaOwnerId &&
  a.mediaOwners.length === b.mediaOwners.length &&
  a.mediaOwners.every((id, i) => id === b.mediaOwners[i]);

/**
 * The scope an event is counted under: the verified token's, never the body's (a body could name
 * any user type or partner). A body scope is only a cross-check: one that disagrees is refused, as
 * is a partner the session cannot open. Without a session, only the signed-out pages (sign-in,
 * forgot password, invitation) may send events, with no scope and no partner: counted anonymous.
 */
export function attributedScope(auth: AuthContext | null, e: TrackingEvent): TrackingScope | null {
  const publishers = PUBLISHER_PROPERTIES.map((k) => e.properties?.[k]).filter((v) => v !== undefined && v !== null && v !== '');
  if (!auth) {
    if (e.scope) throw forbidden('A signed-in scope needs a valid session: sign in again to send this event.');
    if (publishers.length > 0) throw forbidden('Events about a partner need a valid session: sign in again to send this event.');
    const page = e.properties?.page;
    if (typeof page !== 'string' || !SIGNED_OUT_PATHS.includes(page))
      throw forbidden('Without a session, events are accepted only from the sign-in, forgot-password and invitation pages.');
    return null;
  }
  const scope = trackingScope(auth.scope);
  if (e.scope && !sameScope(e.scope, scope)) throw forbidden("The event's scope does not match your session.");
  for (const id of publishers)
    if (!scopeAllows(auth.scope, String(id))) throw forbidden('The event names a partner your session cannot open.');
  return scope;
}

/**
 * Usage events are stored first-party; anonymous ones (before sign-in) carry no user. When an
 * analytics service is configured, a forwarding job is queued in the same transaction as the row
 * (tracking-forward.job.ts sends it, retried with backoff), so the browser's call never waits on,
 * or fails because of, the outside service.
 */
export function createTrackingService(deps: { db: Db; jobs: JobQueue; forwarding: boolean }) {
  return {
    record(auth: AuthContext | null, e: TrackingEvent): Promise<void> {
      const scope = attributedScope(auth, e);
      return inTransaction(deps.db, async (trx) => {
        const id = await trackingRepo(trx).insert({
          userId: auth?.uid ?? null,
          event: e.event,
          clientTimestamp: e.timestamp,
          scope,
          properties: e.properties,
        });
        if (deps.forwarding)
          await deps.jobs.enqueue<TrackingForwardPayload>(TRACKING_FORWARD_QUEUE, { eventId: id }, { db: trx, maxAttempts: 5 });
      });
    },
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
