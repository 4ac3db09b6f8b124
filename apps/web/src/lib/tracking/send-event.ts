import { trackingEndpoints, type TrackingEvent } from '@pc/contracts';
import { call } from '../endpoint-call';

/**
 * Posts one event to /api/mp by its contract entry. Loaded with the first event, like the scope
 * tools: the entry's schema needs zod, which neither entry (app, sign-in) carries up front.
 */
export const sendEvent = (body: TrackingEvent) => call(trackingEndpoints.record, { body }, { keepalive: true });
