import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ApiErrorSchema,
  AppDomainClaimCheckSchema,
  AppDomainClaimSchema,
  DomainClaimDecisionSchema,
  StaffDomainClaimSchema,
  StaffDomainClaimsQuerySchema,
} from '@pc/contracts';
import { errorResponses, OkSchema, typed } from '../../http/typed';
import type { AppDomainClaimsService } from './app-domain-claims.service';
import type { DomainClaimsStaffService } from './app-domain-claims-staff.service';

const DomainParams = z.object({ domainId: z.string().min(1).max(100) });
const ClaimParams = z.object({ claimId: z.string().min(1).max(100) });

/** The publisher's app developer domain claims that wait for proof, and "Verify now". */
export async function appDomainClaimRoutes(app: FastifyInstance, opts: { claims: AppDomainClaimsService }) {
  const r = typed(app);
  const tags = ['ads.txt'];
  const ctx = (req: { auth: { uid: string } | null; publisherId: string | null }) => ({
    uid: req.auth!.uid,
    publisherId: req.publisherId!,
  });
  r.get(
    '/api/adstxt/app-domains/claims',
    { config: { access: 'publisher' }, schema: { tags, response: { 200: z.array(AppDomainClaimSchema), ...errorResponses } } },
    async (req) => opts.claims.listOwn(ctx(req)),
  );
  r.post(
    '/api/adstxt/app-domains/:domainId/verify',
    {
      config: { access: 'publisher' },
      schema: { tags, params: DomainParams, response: { 200: AppDomainClaimCheckSchema, 409: ApiErrorSchema, ...errorResponses } },
    },
    async (req) => opts.claims.verify(ctx(req), req.params.domainId),
  );
}

/** Staff see pending and clashing app domain claims and approve or reject them with a reason (audited). */
export async function domainClaimStaffRoutes(app: FastifyInstance, opts: { staff: DomainClaimsStaffService }) {
  const r = typed(app);
  const tags = ['admin'];
  const uid = (req: { auth: { uid: string } | null }) => req.auth!.uid;
  r.get(
    '/api/admin/domain-claims',
    {
      config: { access: 'staff' },
      schema: { tags, querystring: StaffDomainClaimsQuerySchema, response: { 200: z.array(StaffDomainClaimSchema), ...errorResponses } },
    },
    async (req) => opts.staff.list(req.query.status),
  );
  for (const decision of ['approve', 'reject'] as const) {
    r.post(
      `/api/admin/domain-claims/:claimId/${decision}`,
      {
        config: { access: 'staff' },
        schema: {
          tags,
          params: ClaimParams,
          body: DomainClaimDecisionSchema,
          response: { 200: OkSchema, 409: ApiErrorSchema, ...errorResponses },
        },
      },
      async (req) => {
        await opts.staff[decision](uid(req), req.params.claimId, req.body.reason);
        return { ok: true as const };
      },
    );
  }
}
