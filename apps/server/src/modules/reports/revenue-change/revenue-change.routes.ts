import type { FastifyInstance } from 'fastify';
import { revenueChangeEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../../http/endpoint-routes';
import type { ReportsService } from '../reports.service';

export async function revenueChangeRoutes(app: FastifyInstance, opts: { reports: Pick<ReportsService, 'revenueChange'> }) {
  registerEndpoints(app, revenueChangeEndpoints, {
    get: (req) => opts.reports.revenueChange({ uid: req.auth!.uid, publisherId: req.publisherId! }, req.query),
  });
}
