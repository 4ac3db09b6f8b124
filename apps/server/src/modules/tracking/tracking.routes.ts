import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TrackingEventSchema } from '@pc/contracts';
import type { TrackingService } from './tracking.service';
import { errorResponses, typed } from '../../http/typed';

/**
 * POST /api/mp: first-party usage tracking. Anonymous events are accepted (login attempts happen
 * before a token exists); a valid token attributes the event to its user.
 */
export async function trackingRoutes(app: FastifyInstance, opts: { tracking: TrackingService }) {
  typed(app).post(
    '/api/mp',
    {
      config: { access: 'public', rateLimit: { max: 600, timeWindow: 60_000 } },
      bodyLimit: 16 * 1024,
      schema: { tags: ['tracking'], body: TrackingEventSchema, response: { 202: z.object({}), ...errorResponses } },
    },
    async (req, reply) => {
      await opts.tracking.record(req.auth?.uid ?? null, req.body);
      return reply.status(202).send({});
    },
  );
}
