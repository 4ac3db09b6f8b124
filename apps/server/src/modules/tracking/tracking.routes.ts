import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TrackingEventSchema } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { errorResponses, typed } from '../../http/typed';

/**
 * POST /api/mp: first-party usage tracking. Anonymous events are accepted (login attempts happen
 * before a token exists); a valid token attributes the event to its user.
 */
export async function trackingRoutes(app: FastifyInstance, opts: { db: Db }) {
  typed(app).post(
    '/api/mp',
    {
      config: { access: 'public', rateLimit: { max: 600, timeWindow: 60_000 } },
      bodyLimit: 16 * 1024,
      schema: { tags: ['tracking'], body: TrackingEventSchema, response: { 202: z.object({}), ...errorResponses } },
    },
    async (req, reply) => {
      await opts.db
        .insertInto('tracking_events')
        .values({
          user_id: req.auth?.uid ?? null,
          event: req.body.event,
          client_timestamp: req.body.timestamp,
          scope: req.body.scope ? JSON.stringify(req.body.scope) : null,
          properties: req.body.properties ? JSON.stringify(req.body.properties) : null,
        })
        .execute();
      return reply.status(202).send({});
    },
  );
}
