import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reportsEndpoints } from '@pc/contracts';
import { requirePublisherInScope } from '../../http/access';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { ReportsService } from './reports.service';

/**
 * The report's publisher (its `publisherId`) must be the one the request acts for; null after
 * answering 403 when it is another.
 */
function reportPublisher(req: FastifyRequest, publisherId: string, reply: FastifyReply): string | null {
  const inScope = requirePublisherInScope(req, publisherId);
  if (inScope === req.publisherId) return inScope;
  void reply.status(403).send({ message: 'The report publisher differs from the chosen publisher.', name: 'Forbidden' });
  return null;
}

/**
 * The report call (docs/product.md#api-client) and its variants on one path: plain -> rows; exportReportToFile
 * -> an export job; emailReportOutput -> an e-mail job; reportId + exportReportToFile -> the file.
 */
export async function reportsRoutes(app: FastifyInstance, opts: { reports: ReportsService }) {
  registerEndpoints(app, reportsEndpoints, {
    homeSummary: (req) => opts.reports.homeSummary(req.publisherId!),
    // A report of up to a few thousand rows as a file at once, without a job.
    download: async (req, reply) => {
      const publisherId = reportPublisher(req, req.query.publisherId, reply);
      if (publisherId === null) return reply;
      const file = await opts.reports.downloadNow({ uid: req.auth!.uid, publisherId }, req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body as never);
    },
    report: async (req, reply) => {
      const publisherId = reportPublisher(req, req.query.publisherId, reply);
      if (publisherId === null) return reply;
      const ctx = { uid: req.auth!.uid, publisherId };
      const q = req.query;
      if (q.reportId && q.exportReportToFile === 'true') {
        const file = await opts.reports.download(ctx, q.reportId);
        return (
          reply
            .header('content-type', file.contentType)
            .header('content-length', file.size)
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            // A stream bypasses the response serializer; Fastify pipes it as is.
            .send(file.stream as never)
        );
      }
      if (q.exportReportToFile === 'true') return reply.status(202).send(await opts.reports.createExport(ctx, q, 'file'));
      if (q.emailReportOutput === 'true') return reply.status(202).send(await opts.reports.createExport(ctx, q, 'email'));
      return opts.reports.run(ctx, q);
    },
  });
}
