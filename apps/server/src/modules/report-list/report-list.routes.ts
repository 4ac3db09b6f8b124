import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ReportListItemSchema, ReportListQuerySchema } from '@pc/contracts';
import { requirePublisherInScope } from '../../http/access';
import { errorResponses, typed } from '../../http/typed';
import type { ReportsService } from '../reports/reports.service';

/** GET partner-center/reports: the caller's exported reports for one publisher, newest first. */
export async function reportListRoutes(app: FastifyInstance, opts: { reports: ReportsService }) {
  typed(app).get(
    '/api/partner-center/reports',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['reports'],
        querystring: ReportListQuerySchema,
        response: { 200: z.array(ReportListItemSchema), ...errorResponses },
      },
    },
    async (req) => opts.reports.listExports({ uid: req.auth!.uid, publisherId: requirePublisherInScope(req, req.query.publisherId) }),
  );
}
