import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requirePublisherInScope } from '../../http/access';
import { errorResponses, typed } from '../../http/typed';
import { ReportCallQuerySchema } from './report-request';
import type { ReportsService } from './reports.service';

const CellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const ReportResultResponseSchema = z.object({
  columns: z.array(z.object({ key: z.string(), label: z.string(), kind: z.string() })),
  rows: z.array(z.record(z.string(), CellSchema)),
  totalRows: z.number(),
  totals: z.record(z.string(), z.number().nullable()),
  unavailableMetrics: z.record(z.string(), z.string()),
  estimatedFrom: z.string().optional(),
  currency: z.string(),
  rowLimit: z.number(),
});
const ExportCreatedSchema = z.object({ reportId: z.string(), status: z.literal('queued'), delivery: z.enum(['file', 'email']) });

/**
 * The report call (spec section 7) and its variants on one path: plain -> rows; exportReportToFile
 * -> an export job; emailReportOutput -> an e-mail job; reportId + exportReportToFile -> the file.
 */
const HomeSummarySchema = z.object({
  currency: z.string(),
  yesterday: z.object({ date: z.string(), revenue: z.number(), eCpm: z.number().nullable(), impressions: z.number() }),
  monthToDate: z.object({ from: z.string(), to: z.string(), revenue: z.number(), eCpm: z.number().nullable(), previous: z.object({ from: z.string(), to: z.string(), revenue: z.number() }), changeRatio: z.number().nullable() }),
  last30Days: z.array(z.object({ date: z.string(), revenue: z.number(), estimated: z.boolean() })),
  estimatedFrom: z.string().nullable(),
});

export async function reportsRoutes(app: FastifyInstance, opts: { reports: ReportsService }) {
  typed(app).get('/api/partner-center/home-summary', { config: { access: 'publisher' }, schema: { tags: ['reports'], response: { 200: HomeSummarySchema, ...errorResponses } } }, async (req) =>
    opts.reports.homeSummary(req.publisherId!),
  );
  typed(app).get(
    '/api/partner-center/report',
    {
      config: { access: 'publisher' },
      schema: { tags: ['reports'], querystring: ReportCallQuerySchema, response: { 200: ReportResultResponseSchema, 202: ExportCreatedSchema, 409: errorResponses[400], 410: errorResponses[400], ...errorResponses } },
    },
    async (req, reply) => {
      const publisherId = requirePublisherInScope(req, req.query.publisherId);
      if (publisherId !== req.publisherId) return reply.status(403).send({ message: 'The report publisher differs from the chosen publisher.', name: 'Forbidden' });
      const ctx = { uid: req.auth!.uid, publisherId };
      const q = req.query;
      if (q.reportId && q.exportReportToFile === 'true') {
        const file = await opts.reports.download(ctx, q.reportId);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          // A stream bypasses the response serializer; Fastify pipes it as is.
          .send(file.stream as never);
      }
      if (q.exportReportToFile === 'true') return reply.status(202).send(await opts.reports.createExport(ctx, q, 'file'));
      if (q.emailReportOutput === 'true') return reply.status(202).send(await opts.reports.createExport(ctx, q, 'email'));
      return opts.reports.run(ctx, q);
    },
  );
}
