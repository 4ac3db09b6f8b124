import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CompanySchema, PartnerSchema, PublisherDetailsQuerySchema, PublisherDetailsSchema } from '@pc/contracts';
import { requirePublisherInScope } from '../../http/access';
import { errorResponses, typed } from '../../http/typed';
import type { PublishersService } from './publishers.service';

const tags = ['publishers'];

export async function publishersRoutes(app: FastifyInstance, opts: { publishers: PublishersService }) {
  const r = typed(app);
  r.get(
    '/api/partners',
    { config: { access: 'signedIn' }, schema: { tags, response: { 200: z.array(PartnerSchema), ...errorResponses } } },
    async (req) => opts.publishers.listPartners(req.auth!.scope),
  );
  r.get(
    '/api/publisher-details',
    {
      config: { access: 'signedIn' },
      schema: { tags, querystring: PublisherDetailsQuerySchema, response: { 200: PublisherDetailsSchema, ...errorResponses } },
    },
    async (req) => {
      const id = requirePublisherInScope(req, req.query.publisher);
      // includeSites: true by default; "false" leaves the list empty (the spec allows bool or null).
      return opts.publishers.details(id, req.query.includeSites !== 'false');
    },
  );
  r.put(
    '/api/publisher-details/company',
    {
      config: { access: 'publisher' },
      schema: { tags, body: CompanySchema, response: { 200: PublisherDetailsSchema, ...errorResponses } },
    },
    async (req) => opts.publishers.updateCompany({ uid: req.auth!.uid, publisherId: req.publisherId! }, req.body),
  );
}
