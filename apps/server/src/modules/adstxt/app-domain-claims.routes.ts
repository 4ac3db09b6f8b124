import type { FastifyInstance } from 'fastify';
import { appDomainClaimEndpoints, domainClaimStaffEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { AppDomainClaimsService } from './app-domain-claims.service';
import type { DomainClaimsStaffService } from './app-domain-claims-staff.service';
import { scopedCtx as ctx } from '../../http/request-context';

/** The publisher's app developer domain claims that wait for proof, and "Verify now". */
export async function appDomainClaimRoutes(app: FastifyInstance, opts: { claims: AppDomainClaimsService }) {
  registerEndpoints(app, appDomainClaimEndpoints, {
    list: (req) => opts.claims.listOwn(ctx(req)),
    verify: (req) => opts.claims.verify(ctx(req), req.params.domainId),
  });
}

/** Staff see pending and clashing app domain claims and approve or reject them with a reason (audited). */
export async function domainClaimStaffRoutes(app: FastifyInstance, opts: { staff: DomainClaimsStaffService }) {
  const uid = (req: { auth: { uid: string } | null }) => req.auth!.uid;
  registerEndpoints(app, domainClaimStaffEndpoints, {
    list: (req) => opts.staff.list(req.query.status),
    approve: async (req) => {
      await opts.staff.approve(uid(req), req.params.claimId, req.body.reason);
      return { ok: true as const };
    },
    reject: async (req) => {
      await opts.staff.reject(uid(req), req.params.claimId, req.body.reason);
      return { ok: true as const };
    },
  });
}
