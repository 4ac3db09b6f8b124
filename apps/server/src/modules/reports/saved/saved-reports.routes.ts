import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REPORT_TYPES, ReportScheduleInputSchema, ReportSettingsSchema, SavedReportInputSchema, SavedReportSchema } from '@pc/contracts';
import { errorResponses, OkSchema, typed } from '../../../http/typed';
import type { SavedReportsService } from './saved-reports.service';

const tags = ['reports'];
const IdParams = z.object({ id: z.string().uuid('Unknown saved report.') });
const BASE = '/api/partner-center/saved-reports';

/** Saved and scheduled reports and the reporting time zone. */
export async function savedReportsRoutes(app: FastifyInstance, opts: { saved: SavedReportsService }) {
  const r = typed(app);
  const s = opts.saved;
  const ctx = (req: { auth: { uid: string } | null; publisherId: string | null }) => ({
    uid: req.auth!.uid,
    publisherId: req.publisherId!,
  });
  const access = { access: 'publisher' as const };
  const one = { 200: SavedReportSchema, ...errorResponses };

  r.get(
    BASE,
    {
      config: access,
      schema: {
        tags,
        querystring: z.object({ reportType: z.enum(REPORT_TYPES).optional() }),
        response: { 200: z.array(SavedReportSchema), ...errorResponses },
      },
    },
    async (req) => s.list(ctx(req), req.query.reportType),
  );
  r.post(BASE, { config: access, schema: { tags, body: SavedReportInputSchema, response: one } }, async (req) =>
    s.create(ctx(req), req.body),
  );
  r.get(`${BASE}/:id`, { config: access, schema: { tags, params: IdParams, response: one } }, async (req) =>
    s.get(ctx(req), req.params.id),
  );
  r.put(`${BASE}/:id`, { config: access, schema: { tags, params: IdParams, body: SavedReportInputSchema, response: one } }, async (req) =>
    s.update(ctx(req), req.params.id, req.body),
  );
  r.delete(
    `${BASE}/:id`,
    { config: access, schema: { tags, params: IdParams, response: { 200: OkSchema, ...errorResponses } } },
    async (req) => {
      await s.remove(ctx(req), req.params.id);
      return { ok: true as const };
    },
  );
  r.put(
    `${BASE}/:id/schedule`,
    { config: access, schema: { tags, params: IdParams, body: ReportScheduleInputSchema, response: one } },
    async (req) => s.setSchedule(ctx(req), req.params.id, req.body),
  );
  r.delete(`${BASE}/:id/schedule`, { config: access, schema: { tags, params: IdParams, response: one } }, async (req) =>
    s.removeSchedule(ctx(req), req.params.id),
  );
  r.get(
    '/api/partner-center/report-settings',
    { config: access, schema: { tags, response: { 200: ReportSettingsSchema, ...errorResponses } } },
    async (req) => s.settings(req.publisherId!),
  );
  r.put(
    '/api/partner-center/report-settings',
    { config: access, schema: { tags, body: ReportSettingsSchema, response: { 200: ReportSettingsSchema, ...errorResponses } } },
    async (req) => s.setSettings(ctx(req), req.body),
  );
}
