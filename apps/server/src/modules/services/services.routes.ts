import type { FastifyInstance } from 'fastify';
import { servicesEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { ServicesService } from './services.service';

export async function servicesRoutes(app: FastifyInstance, opts: { services: ServicesService }) {
  const s = opts.services;
  registerEndpoints(app, servicesEndpoints, {
    overview: (req) => s.overview(req.publisherId!),
    createRequest: (req) => s.createRequest(req.auth!.uid, req.publisherId!, req.body),
    initiateIntegration: (req) => s.initiateIntegration(req.auth!.uid, req.publisherId!, req.body),
    cancelIntegration: (req) => s.cancelIntegration(req.auth!.uid, req.publisherId!, req.params.id),
    detail: (req) => s.detail(req.publisherId!, req.params.serviceId),
    activate: (req) => s.activate(req.auth!.uid, req.publisherId!, req.params.serviceId, req.body.siteIds),
    staffIntegrations: (req) => s.staffIntegrations(req.query.status ?? null),
    confirmIntegration: (req) => s.confirmIntegration(req.auth!.uid, req.params.id),
    staffRequests: (req) => s.staffRequests(req.query.status ?? null),
    decideRequest: (req) =>
      s.decideRequest(req.auth!.uid, req.params.id, req.params.decision === 'approve' ? 'approved' : 'rejected', req.body?.reason ?? ''),
  });
}
