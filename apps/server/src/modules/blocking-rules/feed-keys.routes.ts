import type { FastifyInstance } from 'fastify';
import { feedKeysEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { FeedKeysService } from './feed-keys.service';

/** A publisher's keys for the serving feed (the feed itself is in blocking-rules.routes.ts). */
export async function feedKeysRoutes(app: FastifyInstance, opts: { keys: FeedKeysService; ratePerMinute: number }) {
  registerEndpoints(
    app,
    feedKeysEndpoints,
    {
      list: (req) => opts.keys.list(req.publisherId!),
      create: (req) => opts.keys.create(req.auth!.uid, req.publisherId!, req.body),
      revoke: (req) => opts.keys.revoke(req.auth!.uid, req.publisherId!, req.params.id),
    },
    {
      // Minting secrets is not something to do in bulk: a tenth of the feed's rate per address.
      create: {
        rateLimit: {
          max: Math.max(1, Math.floor(opts.ratePerMinute / 10)),
          timeWindow: 60_000,
          keyGenerator: (req: { ip: string }) => req.ip,
        },
      },
    },
  );
}
