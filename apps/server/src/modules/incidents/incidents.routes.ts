import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { incidentsEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { IncidentsService } from './incidents.service';
import { scopedCtx as ctx } from '../../http/request-context';

export async function incidentsRoutes(app: FastifyInstance, opts: { incidents: IncidentsService }) {
  const s = opts.incidents;
  registerEndpoints(app, incidentsEndpoints, {
    list: (req) => s.list(ctx(req), req.query),
    summary: (req) => s.openSummary(ctx(req)),
    entitlements: (req) => s.entitlements(ctx(req)),
    vulnerabilitiesCsv: async (req, reply) => {
      const { siteId } = req.query;
      await s.assertExportAllowed(ctx(req), siteId);
      const out = new PassThrough();
      // Streamed: rows are written page by page while the client reads.
      void s
        .exportVulnerabilities(ctx(req), siteId, out)
        .then(() => out.end())
        .catch((err: unknown) => out.destroy(err as Error));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vulnerabilities-site-${siteId.replace(/[^A-Za-z0-9_-]/g, '_')}.csv"`)
        .send(out);
    },
    get: (req) => s.get(ctx(req), req.params.id),
    acknowledge: (req) => s.acknowledge(ctx(req), req.params.id, req.body.note),
    resolve: (req) => s.resolve(ctx(req), req.params.id, req.body.note),
    ingest: (req) => s.ingest(req.auth!.uid, req.body),
  });
}
