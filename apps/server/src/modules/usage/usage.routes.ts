import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UsageExportQuerySchema, UsageQuerySchema, UsageReportSchema } from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import { neutraliseText, quoteCsvField } from '../reports/export/csv-writer';
import type { UsageService } from './usage.service';

const tags = ['admin'];
const cell = (v: string) => quoteCsvField(neutraliseText(v));

/** Usage analytics: readable by all provider staff (the console's read-only subset includes it). */
export async function usageRoutes(app: FastifyInstance, opts: { usage: UsageService }) {
  const r = typed(app);
  r.get(
    '/api/admin/usage',
    {
      config: { access: 'staff' },
      schema: { tags, querystring: UsageQuerySchema, response: { 200: UsageReportSchema, ...errorResponses } },
    },
    async (req) => opts.usage.report(req.query),
  );
  r.get(
    '/api/admin/usage.csv',
    {
      config: { access: 'staff' },
      schema: { tags, querystring: UsageExportQuerySchema, response: { 200: z.string(), ...errorResponses } },
    },
    async (req, reply) => {
      const { kind, ...q } = req.query;
      const rows = await opts.usage.exportRows(q, kind);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="usage-${kind}-${q.from}-${q.to}.csv"`)
        .send(`${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`);
    },
  );
}
