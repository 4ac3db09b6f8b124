import type { FastifyInstance } from 'fastify';
import { plansEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { PlansService } from './plans.service';

export async function plansRoutes(app: FastifyInstance, opts: { plans: PlansService }) {
  const p = opts.plans;
  registerEndpoints(app, plansEndpoints, {
    list: () => p.catalogue(),
    mine: (req) => p.mine(req.publisherId!),
    requestChange: (req) => p.requestChange(req.auth!.uid, req.publisherId!, req.body.planId, req.body.message),
    staffRequests: (req) => p.list(req.query.status ?? null),
    decideRequest: (req) =>
      p.decide(req.auth!.uid, req.params.id, req.params.decision === 'approve' ? 'approved' : 'rejected', req.body?.reason ?? ''),
  });
}
