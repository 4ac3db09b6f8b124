import type { FastifyInstance } from 'fastify';
import { DataLoadsQuerySchema, DataLoadsSchema } from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import type { DataLoadsService } from './data-loads.service';

/** Report data loads: an operations view for provider admins (it names files and their errors). */
export async function dataLoadsRoutes(app: FastifyInstance, opts: { dataLoads: DataLoadsService }) {
  const r = typed(app);
  r.get(
    '/api/admin/data-loads',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: DataLoadsQuerySchema, response: { 200: DataLoadsSchema, ...errorResponses } },
    },
    async (req) => opts.dataLoads.list(req.query),
  );
}
