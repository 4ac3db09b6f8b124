import type { FastifyInstance } from 'fastify';
import { revenueAnomaliesEndpoints, type RevenueAnomaly } from '@pc/contracts';
import { registerEndpoints } from '../../../http/endpoint-routes';
import type { IncidentsService } from '../../incidents';

/** The API's answer is capped: a publisher's revenue incidents of a few months, not its whole history. */
const LISTED = 100;

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** Revenue anomalies on the reporting API path: the daily scan's incidents with what it recorded. */
export async function revenueAnomaliesRoutes(app: FastifyInstance, opts: { incidents: Pick<IncidentsService, 'listWithLatestDetail'> }) {
  registerEndpoints(app, revenueAnomaliesEndpoints, {
    list: async (req): Promise<RevenueAnomaly[]> => {
      const ctx = { uid: req.auth!.uid, publisherId: req.publisherId! };
      const incidents = await opts.incidents.listWithLatestDetail(ctx, { type: 'revenue', status: req.query.status }, LISTED);
      return incidents.map(({ detail, ...incident }) => ({
        ...incident,
        day: text(detail.day),
        revenue: text(detail.revenue),
        usualRevenue: text(detail.usualRevenue),
        change: text(detail.change),
        explanation: text(detail.explanation),
      }));
    },
  });
}
