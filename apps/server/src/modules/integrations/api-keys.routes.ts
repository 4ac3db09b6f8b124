import type { FastifyInstance } from 'fastify';
import { apiKeysEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { ApiKeysService } from './api-keys.service';

export async function apiKeysRoutes(app: FastifyInstance, opts: { keys: ApiKeysService }) {
  const k = opts.keys;
  registerEndpoints(app, apiKeysEndpoints, {
    list: (req) => k.list(req.publisherId!),
    create: (req) => k.create(req.auth!.uid, req.publisherId!, req.body),
    revoke: (req) => k.revoke(req.auth!.uid, req.publisherId!, req.params.id),
  });
}
