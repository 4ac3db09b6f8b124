import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trackingEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { TrackingService } from './tracking.service';

/**
 * Events a minute per client. A signed-in user is one client whatever address they share (an
 * office behind one NAT is many users); a page sends a few events per route change, so 600 is far
 * above any real use. Signed out, the client is the address, and the sign-in pages send a handful.
 */
export const MP_RATE = { signedInPerMinute: 600, signedOutPerMinute: 60 } as const;

/** The access hook (http/access.ts) runs before the route's limiter, so a valid token is known here. */
const clientOf = (req: FastifyRequest) => (req.auth ? `user:${req.auth.uid}` : `address:${req.ip}`);

/**
 * POST /api/mp: first-party usage tracking. Anonymous events are accepted from the signed-out pages
 * (login attempts happen before a token exists); a valid token attributes the event to its user
 * and its scope (tracking.service.ts).
 */
export async function trackingRoutes(app: FastifyInstance, opts: { tracking: TrackingService }) {
  registerEndpoints(
    app,
    trackingEndpoints,
    {
      // The entry's 202 is set before the handler runs: the event is accepted, nothing to answer.
      record: async (req) => {
        await opts.tracking.record(req.auth, req.body);
        return {};
      },
    },
    {
      record: {
        rateLimit: {
          timeWindow: 60_000,
          keyGenerator: clientOf,
          max: (req: FastifyRequest) => (req.auth ? MP_RATE.signedInPerMinute : MP_RATE.signedOutPerMinute),
        },
      },
    },
  );
}
