import type { FastifyInstance } from 'fastify';
import { dataLoadsEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { DataLoadsService } from './data-loads.service';

/** Report data loads: an operations view for provider admins (it names files and their errors). */
export async function dataLoadsRoutes(app: FastifyInstance, opts: { dataLoads: DataLoadsService }) {
  registerEndpoints(app, dataLoadsEndpoints, {
    list: (req) => opts.dataLoads.list(req.query),
  });
}
