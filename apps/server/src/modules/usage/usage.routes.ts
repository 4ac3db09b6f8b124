import type { FastifyInstance } from 'fastify';
import { usageEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import { neutraliseText, quoteCsvField } from '../../lib/csv/csv-writer';
import type { UsageService } from './usage.service';

const cell = (v: string) => quoteCsvField(neutraliseText(v));

/** Usage analytics: readable by all provider staff (the console's read-only subset includes it). */
export async function usageRoutes(app: FastifyInstance, opts: { usage: UsageService }) {
  registerEndpoints(app, usageEndpoints, {
    report: (req) => opts.usage.report(req.query),
    exportCsv: async (req, reply) => {
      const { kind, ...q } = req.query;
      const rows = await opts.usage.exportRows(q, kind);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="usage-${kind}-${q.from}-${q.to}.csv"`)
        .send(`${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`);
    },
  });
}
