import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CreatedFeedKeySchema, CreateFeedKeySchema, FeedKeySchema } from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import type { FeedKeysService } from './feed-keys.service';

const tags = ['blocking rules'];

/** A publisher's keys for the serving feed (the feed itself is in blocking-rules.routes.ts). */
export async function feedKeysRoutes(app: FastifyInstance, opts: { keys: FeedKeysService; ratePerMinute: number }) {
  const r = typed(app);
  const access = { access: 'publisher' as const };
  r.get(
    '/api/blocking-rules/feed-keys',
    { config: access, schema: { tags, response: { 200: z.array(FeedKeySchema), ...errorResponses } } },
    async (req) => opts.keys.list(req.publisherId!),
  );
  r.post(
    '/api/blocking-rules/feed-keys',
    {
      // Minting secrets is not something to do in bulk: a tenth of the feed's rate per address.
      config: {
        ...access,
        rateLimit: {
          max: Math.max(1, Math.floor(opts.ratePerMinute / 10)),
          timeWindow: 60_000,
          keyGenerator: (req: { ip: string }) => req.ip,
        },
      },
      schema: {
        tags,
        description: 'Creates a key for GET /api/blocking-rules/feed; the secret is in this answer only.',
        body: CreateFeedKeySchema,
        response: { 200: CreatedFeedKeySchema, ...errorResponses },
      },
    },
    async (req) => opts.keys.create(req.auth!.uid, req.publisherId!, req.body),
  );
  r.post(
    '/api/blocking-rules/feed-keys/:id/revoke',
    {
      config: access,
      schema: { tags, params: z.object({ id: z.string().min(1).max(64) }), response: { 200: FeedKeySchema, ...errorResponses } },
    },
    async (req) => opts.keys.revoke(req.auth!.uid, req.publisherId!, req.params.id),
  );
}
