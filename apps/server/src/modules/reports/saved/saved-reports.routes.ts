import type { FastifyInstance } from 'fastify';
import { savedReportsEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../../http/endpoint-routes';
import type { SavedReportsService } from './saved-reports.service';
import { scopedCtx as ctx } from '../../../http/request-context';

/** Saved and scheduled reports and the reporting time zone. */
export async function savedReportsRoutes(app: FastifyInstance, opts: { saved: SavedReportsService }) {
  const s = opts.saved;

  registerEndpoints(app, savedReportsEndpoints, {
    list: (req) => s.list(ctx(req), req.query.reportType),
    create: (req) => s.create(ctx(req), req.body),
    get: (req) => s.get(ctx(req), req.params.id),
    update: (req) => s.update(ctx(req), req.params.id, req.body),
    remove: async (req) => {
      await s.remove(ctx(req), req.params.id);
      return { ok: true as const };
    },
    setSchedule: (req) => s.setSchedule(ctx(req), req.params.id, req.body),
    removeSchedule: (req) => s.removeSchedule(ctx(req), req.params.id),
    settings: (req) => s.settings(req.publisherId!),
    setSettings: (req) => s.setSettings(ctx(req), req.body),
  });
}
