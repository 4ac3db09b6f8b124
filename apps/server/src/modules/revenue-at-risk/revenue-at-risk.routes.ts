import type { FastifyInstance } from 'fastify';
import { revenueAtRiskEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { RevenueAtRiskService } from './revenue-at-risk.service';
import { revenueAtRiskCsv } from './revenue-at-risk.csv';
import { scopedCtx as ctx } from '../../http/request-context';

export async function revenueAtRiskRoutes(app: FastifyInstance, opts: { risk: RevenueAtRiskService }) {
  registerEndpoints(app, revenueAtRiskEndpoints, {
    get: (req) => opts.risk.revenueAtRisk(ctx(req), req.query),
    csv: async (req, reply) => {
      const csv = await revenueAtRiskCsv(await opts.risk.revenueAtRisk(ctx(req), req.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="revenue-at-risk-${req.publisherId!.replace(/[^A-Za-z0-9_-]/g, '_')}.csv"`)
        .send(csv);
    },
  });
}
