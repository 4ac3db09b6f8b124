import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ApiErrorSchema,
  EffectiveFlagSchema,
  FlagDefinitionInputSchema,
  FlagDefinitionPatchSchema,
  FlagDefinitionSchema,
  FlagKeySchema,
  FlagOverrideInputSchema,
  FlagOverrideSchema,
} from '@pc/contracts';
import { errorResponses, OkSchema, typed } from '../../http/typed';
import type { FeatureFlagsService } from './feature-flags.service';

const tags = ['feature flags'];
const KeyParams = z.object({ key: FlagKeySchema });
const OverrideParams = z.object({ key: FlagKeySchema, publisherId: z.string().min(1).max(64) });
const admin = { access: 'admin' as const };

export async function featureFlagsRoutes(app: FastifyInstance, opts: { flags: FeatureFlagsService }) {
  const r = typed(app);
  const f = opts.flags;
  const uid = (req: { auth: { uid: string } | null }) => req.auth!.uid;

  // The selected publisher's effective flags: what the web app's one hook reads.
  r.get(
    '/api/feature-flags',
    { config: { access: 'publisher' }, schema: { tags, response: { 200: z.array(EffectiveFlagSchema), ...errorResponses } } },
    async (req) => f.effective(req.publisherId!),
  );

  r.get(
    '/api/admin/feature-flags',
    { config: admin, schema: { tags, response: { 200: z.array(FlagDefinitionSchema), ...errorResponses } } },
    async () => f.list(),
  );
  r.post(
    '/api/admin/feature-flags',
    {
      config: admin,
      schema: { tags, body: FlagDefinitionInputSchema, response: { 200: FlagDefinitionSchema, 409: ApiErrorSchema, ...errorResponses } },
    },
    async (req) => f.create(uid(req), req.body),
  );
  r.patch(
    '/api/admin/feature-flags/:key',
    {
      config: admin,
      schema: { tags, params: KeyParams, body: FlagDefinitionPatchSchema, response: { 200: FlagDefinitionSchema, ...errorResponses } },
    },
    async (req) => f.update(uid(req), req.params.key, req.body),
  );
  r.delete(
    '/api/admin/feature-flags/:key',
    {
      config: admin,
      schema: {
        tags,
        description: 'Deletes the flag, its overrides and its value in every plan (one transaction, audited with all of them).',
        params: KeyParams,
        response: { 200: OkSchema, ...errorResponses },
      },
    },
    async (req) => {
      await f.remove(uid(req), req.params.key);
      return { ok: true as const };
    },
  );
  r.get(
    '/api/admin/feature-flags/:key/overrides',
    { config: admin, schema: { tags, params: KeyParams, response: { 200: z.array(FlagOverrideSchema), ...errorResponses } } },
    async (req) => f.overrides(req.params.key),
  );
  r.put(
    '/api/admin/feature-flags/:key/overrides/:publisherId',
    {
      config: admin,
      schema: { tags, params: OverrideParams, body: FlagOverrideInputSchema, response: { 200: OkSchema, ...errorResponses } },
    },
    async (req) => {
      await f.setOverride(uid(req), req.params.key, req.params.publisherId, req.body.value);
      return { ok: true as const };
    },
  );
  r.delete(
    '/api/admin/feature-flags/:key/overrides/:publisherId',
    { config: admin, schema: { tags, params: OverrideParams, response: { 200: OkSchema, ...errorResponses } } },
    async (req) => {
      await f.clearOverride(uid(req), req.params.key, req.params.publisherId);
      return { ok: true as const };
    },
  );
  // A publisher's effective flags as the admin sees them (without switching to that publisher).
  r.get(
    '/api/admin/publishers/:publisherId/feature-flags',
    {
      config: admin,
      schema: {
        tags,
        params: z.object({ publisherId: z.string().min(1).max(64) }),
        response: { 200: z.array(EffectiveFlagSchema), ...errorResponses },
      },
    },
    async (req) => f.effective(req.params.publisherId),
  );
}
