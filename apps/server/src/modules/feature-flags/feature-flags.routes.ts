import type { FastifyInstance } from 'fastify';
import { featureFlagsEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { FeatureFlagsService } from './feature-flags.service';

export async function featureFlagsRoutes(app: FastifyInstance, opts: { flags: FeatureFlagsService }) {
  const f = opts.flags;
  const uid = (req: { auth: { uid: string } | null }) => req.auth!.uid;
  const ok = { ok: true as const };

  registerEndpoints(app, featureFlagsEndpoints, {
    // The selected publisher's effective flags: what the web app's one hook reads.
    effective: (req) => f.effective(req.publisherId!),
    definitions: () => f.list(),
    create: (req) => f.create(uid(req), req.body),
    update: (req) => f.update(uid(req), req.params.key, req.body),
    remove: async (req) => {
      await f.remove(uid(req), req.params.key);
      return ok;
    },
    overrides: (req) => f.overrides(req.params.key),
    setOverride: async (req) => {
      await f.setOverride(uid(req), req.params.key, req.params.publisherId, req.body.value);
      return ok;
    },
    clearOverride: async (req) => {
      await f.clearOverride(uid(req), req.params.key, req.params.publisherId);
      return ok;
    },
    publisherFlags: (req) => f.effective(req.params.publisherId),
  });
}
