import type { FastifyInstance } from 'fastify';
import { publishersEndpoints } from '@pc/contracts';
import { requirePublisherInScope } from '../../http/access';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { PublishersService } from './publishers.service';

export async function publishersRoutes(app: FastifyInstance, opts: { publishers: PublishersService }) {
  registerEndpoints(app, publishersEndpoints, {
    partners: (req) => opts.publishers.listPartners(req.auth!.scope),
    details: (req) => {
      const id = requirePublisherInScope(req, req.query.publisher);
      // includeSites: true by default; "false" leaves the list empty (the spec allows bool or null).
      return opts.publishers.details(id, req.query.includeSites !== 'false');
    },
    updateCompany: (req) => opts.publishers.updateCompany({ uid: req.auth!.uid, publisherId: req.publisherId! }, req.body),
  });
}
