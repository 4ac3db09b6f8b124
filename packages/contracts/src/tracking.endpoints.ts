import { z } from 'zod';
import { endpoint } from './endpoint';
import { TrackingEventSchema } from './tracking';

/** First-party usage tracking. */
export const trackingEndpoints = {
  record: endpoint({
    method: 'POST',
    path: '/api/mp',
    operationId: 'recordTrackingEvent',
    summary: 'Record a usage event: from a signed-in user with their scope, or from a signed-out page',
    tags: ['tracking'],
    access: 'public',
    body: TrackingEventSchema,
    status: 202,
    response: z.object({}),
    bodyLimit: 16 * 1024,
  }),
} as const;
