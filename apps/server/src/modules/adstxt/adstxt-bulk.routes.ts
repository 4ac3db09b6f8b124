import type { FastifyInstance } from 'fastify';
import { adsTxtBulkEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { AdsTxtBulkService } from './adstxt-bulk.service';
import { scopedCtx as ctx } from '../../http/request-context';

/** Restore, every missing line at once, and the staff's all-publishers view with bulk verify. */
export async function adsTxtBulkRoutes(app: FastifyInstance, opts: { bulk: AdsTxtBulkService }) {
  const s = opts.bulk;
  registerEndpoints(app, adsTxtBulkEndpoints, {
    restore: (req) => s.restore(ctx(req), req.params.domainId, req.params.revisionId),
    allMissingLines: async (req, reply) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', 'attachment; filename="all-missing-ads-txt-lines.txt"')
        .send(await s.allMissingLines(ctx(req))),
    allPublishers: (req) => s.allPublishers(req.auth!.uid),
    bulkVerify: (req) => s.bulkVerify(req.auth!.uid, req.body.domainIds),
  });
}
