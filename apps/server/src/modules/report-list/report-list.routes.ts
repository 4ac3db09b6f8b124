import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ReportListItemSchema, ReportListQuerySchema } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { requirePublisherInScope } from '../../http/access';
import { errorResponses, typed } from '../../http/typed';

/** GET partner-center/reports: the caller's exported reports for one publisher, newest first. */
export async function reportListRoutes(app: FastifyInstance, opts: { db: Db }) {
  typed(app).get(
    '/api/partner-center/reports',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['reports'],
        querystring: ReportListQuerySchema,
        response: { 200: z.array(ReportListItemSchema), ...errorResponses },
      },
    },
    async (req) => {
      const publisherId = requirePublisherInScope(req, req.query.publisherId);
      const rows = await opts.db
        .selectFrom('report_jobs')
        .select(['id', 'report_type', 'is_new', 'status', 'format', 'delivery', 'created_at', 'date_from', 'date_to'])
        .where('user_id', '=', req.auth!.uid)
        .where('publisher_id', '=', publisherId)
        .orderBy('created_at', 'desc')
        .limit(200)
        .execute();
      return rows.map((j) => ({
        id: j.id,
        type: j.report_type as 'revenue' | 'recirculation',
        isNew: j.is_new,
        status: j.status as 'queued' | 'running' | 'done' | 'failed',
        format: j.format as 'csv' | 'xlsx',
        delivery: j.delivery as 'file' | 'email',
        created: j.created_at.toISOString(),
        dateFrom: j.date_from,
        dateTo: j.date_to,
      }));
    },
  );
}
