import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AdminPartnerDetailsSchema,
  AdminPartnerInputSchema,
  AdminPartnerPatchSchema,
  AdminPartnerSchema,
  AdminSiteInputSchema,
  AdminSitePatchSchema,
  ApiErrorSchema,
  SiteSchema,
} from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import type { AdminPartnersService } from './admin-partners.service';

const tags = ['admin'];
const Id = z.object({ id: z.string().min(1).max(64) });
const SiteParams = Id.extend({ siteId: z.string().min(1).max(64) });

/** Partners and sites in the console: staff read, admins write. */
export async function adminPartnersRoutes(app: FastifyInstance, opts: { partners: AdminPartnersService }) {
  const r = typed(app);
  const p = opts.partners;
  const uid = (req: { auth: { uid: string } | null }) => req.auth!.uid;
  const staff = { access: 'staff' as const };
  const admin = { access: 'admin' as const };

  r.get(
    '/api/admin/partners',
    {
      config: staff,
      schema: {
        tags,
        querystring: z.object({
          search: z.string().trim().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: { 200: z.array(AdminPartnerSchema), ...errorResponses },
      },
    },
    async (req) => p.list(req.query.search || undefined, req.query.limit),
  );
  r.get(
    '/api/admin/partners/:id',
    { config: staff, schema: { tags, params: Id, response: { 200: AdminPartnerDetailsSchema, ...errorResponses } } },
    async (req) => p.get(req.params.id),
  );
  r.post(
    '/api/admin/partners',
    { config: admin, schema: { tags, body: AdminPartnerInputSchema, response: { 200: AdminPartnerDetailsSchema, ...errorResponses } } },
    async (req) => p.create(uid(req), req.body),
  );
  r.patch(
    '/api/admin/partners/:id',
    {
      config: admin,
      schema: { tags, params: Id, body: AdminPartnerPatchSchema, response: { 200: AdminPartnerDetailsSchema, ...errorResponses } },
    },
    async (req) => p.update(uid(req), req.params.id, req.body),
  );
  r.post(
    '/api/admin/partners/:id/sites',
    {
      config: admin,
      schema: { tags, params: Id, body: AdminSiteInputSchema, response: { 200: SiteSchema, 409: ApiErrorSchema, ...errorResponses } },
    },
    async (req) => p.addSite(uid(req), req.params.id, req.body),
  );
  r.patch(
    '/api/admin/partners/:id/sites/:siteId',
    {
      config: admin,
      schema: {
        tags,
        params: SiteParams,
        body: AdminSitePatchSchema,
        response: { 200: SiteSchema, 409: ApiErrorSchema, ...errorResponses },
      },
    },
    async (req) => p.updateSite(uid(req), req.params.id, req.params.siteId, req.body),
  );
}
