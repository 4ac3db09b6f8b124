import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CreateApiKeySchema, CreatedApiKeySchema, ReportingApiKeySchema } from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import type { ApiKeysService } from './api-keys.service';

const tags = ['integrations'];
const publisher = { access: 'publisher' as const };

export async function apiKeysRoutes(app: FastifyInstance, opts: { keys: ApiKeysService }) {
  const r = typed(app);
  const k = opts.keys;
  r.get(
    '/api/integrations/api-keys',
    { config: publisher, schema: { tags, response: { 200: z.array(ReportingApiKeySchema), ...errorResponses } } },
    async (req) => k.list(req.publisherId!),
  );
  r.post(
    '/api/integrations/api-keys',
    { config: publisher, schema: { tags, body: CreateApiKeySchema, response: { 200: CreatedApiKeySchema, ...errorResponses } } },
    async (req) => k.create(req.auth!.uid, req.publisherId!, req.body),
  );
  r.delete(
    '/api/integrations/api-keys/:id',
    {
      config: publisher,
      schema: { tags, params: z.object({ id: z.string().min(1).max(64) }), response: { 200: ReportingApiKeySchema, ...errorResponses } },
    },
    async (req) => k.revoke(req.auth!.uid, req.publisherId!, req.params.id),
  );
}
