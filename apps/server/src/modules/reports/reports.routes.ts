import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requirePublisherInScope } from '../../http/access';
import { errorResponses, typed } from '../../http/typed';
import { ExportCreatedSchema, HomeSummarySchema, ReportCallQuerySchema, ReportResultSchema } from '@pc/contracts';
import type { ReportsService } from './reports.service';

/**
 * The report call (docs/product.md#api-client) and its variants on one path: plain -> rows; exportReportToFile
 * -> an export job; emailReportOutput -> an e-mail job; reportId + exportReportToFile -> the file.
 */
export async function reportsRoutes(app: FastifyInstance, opts: { reports: ReportsService }) {
  typed(app).get(
    '/api/partner-center/home-summary',
    { config: { access: 'publisher' }, schema: { tags: ['reports'], response: { 200: HomeSummarySchema, ...errorResponses } } },
    async (req) => opts.reports.homeSummary(req.publisherId!),
  );
  // A report of up to a few thousand rows as a file at once, without a job.
  typed(app).get(
    '/api/partner-center/report/download',
    {
      config: { access: 'publisher' },
      schema: {
        tags: ['reports'],
        querystring: ReportCallQuerySchema,
        response: { 200: z.string().describe('The CSV or XLSX file'), 413: errorResponses[400], ...errorResponses },
      },
    },
    async (req, reply) => {
      const publisherId = requirePublisherInScope(req, req.query.publisherId);
      if (publisherId !== req.publisherId)
        return reply.status(403).send({ message: 'The report publisher differs from the chosen publisher.', name: 'Forbidden' });
      const file = await opts.reports.downloadNow({ uid: req.auth!.uid, publisherId }, req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body as never);
    },
  );
  typed(app).get(
    '/api/partner-center/report',
    {
      config: { access: 'publisher' },
      schema: {
        tags: ['reports'],
        querystring: ReportCallQuerySchema,
        response: {
          200: ReportResultSchema,
          202: ExportCreatedSchema,
          409: errorResponses[400],
          410: errorResponses[400],
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const publisherId = requirePublisherInScope(req, req.query.publisherId);
      if (publisherId !== req.publisherId)
        return reply.status(403).send({ message: 'The report publisher differs from the chosen publisher.', name: 'Forbidden' });
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
  );
}
