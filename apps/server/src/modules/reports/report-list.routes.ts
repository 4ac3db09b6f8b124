import type { FastifyInstance } from 'fastify';
import { reportListEndpoints } from '@pc/contracts';
import { requirePublisherInScope } from '../../http/access';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { ReportsService } from './reports.service';

/** GET partner-center/reports: the caller's exported reports for one publisher, newest first. */
export async function reportListRoutes(app: FastifyInstance, opts: { reports: ReportsService }) {
  registerEndpoints(app, reportListEndpoints, {
    list: (req) => opts.reports.listExports({ uid: req.auth!.uid, publisherId: requirePublisherInScope(req, req.query.publisherId) }),
  });
}
