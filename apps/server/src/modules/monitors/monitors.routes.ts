import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CheckResultSchema,
  IncidentSchema,
  MonitorBulkSchema,
  MonitorInputSchema,
  MonitorLimitsSchema,
  MonitorListQuerySchema,
  MonitorRangeSchema,
  MonitorSchema,
  MonitorStatsSchema,
  MonitorTestSchema,
} from '@pc/contracts';
import { OkSchema, errorResponses, typed } from '../../http/typed';
import type { MonitorsService } from './monitors.service';
import { CONFIRM_RECIPIENT_PATH, type RecipientConfirmations } from './monitor-recipients.service';

const tags = ['uptime monitoring'];
const IdParams = z.object({ id: z.string().min(1).max(64) });
const TokenQuery = z.object({ token: z.string().min(1, 'The link has no token.').max(200, 'The link is not valid.') });
const publisher = { access: 'publisher' as const };
// "Test now" makes an outbound request on the caller's behalf: rate-limited per caller.
const testNow = { access: 'publisher' as const, rateLimit: { max: 30, timeWindow: '1 minute' } };

export async function monitorsRoutes(app: FastifyInstance, opts: { monitors: MonitorsService; recipients: RecipientConfirmations }) {
  const r = typed(app);
  const s = opts.monitors;
  const ctx = (req: { auth: { uid: string } | null; publisherId: string | null }) => ({
    uid: req.auth!.uid,
    publisherId: req.publisherId!,
  });

  r.get(
    '/api/monitors',
    {
      config: publisher,
      schema: { tags, querystring: MonitorListQuerySchema, response: { 200: z.array(MonitorSchema), ...errorResponses } },
    },
    async (req) => s.list(ctx(req), req.query),
  );
  r.get(
    '/api/monitors/all-publishers',
    {
      config: { access: 'staff' as const },
      schema: { tags, querystring: MonitorListQuerySchema, response: { 200: z.array(MonitorSchema), ...errorResponses } },
    },
    async (req) => s.allPublishers(req.query),
  );
  r.get(
    '/api/monitors/limits',
    { config: publisher, schema: { tags, response: { 200: MonitorLimitsSchema, ...errorResponses } } },
    async (req) => s.limits(ctx(req)),
  );
  r.get(
    '/api/monitors/summary',
    { config: publisher, schema: { tags, response: { 200: z.object({ down: z.number(), total: z.number() }), ...errorResponses } } },
    async (req) => s.summary(ctx(req)),
  );
  r.post(
    '/api/monitors',
    {
      config: publisher,
      schema: { tags, body: MonitorInputSchema, response: { 201: MonitorSchema, 409: z.unknown(), ...errorResponses } },
    },
    async (req, reply) => reply.code(201).send(await s.create(ctx(req), req.body)),
  );
  r.post(
    '/api/monitors/test',
    { config: testNow, schema: { tags, body: MonitorTestSchema, response: { 200: CheckResultSchema, ...errorResponses } } },
    async (req) => s.test(ctx(req), req.body),
  );
  r.post(
    '/api/monitors/bulk',
    {
      config: publisher,
      schema: { tags, body: MonitorBulkSchema, response: { 200: z.object({ changed: z.array(z.string()) }), ...errorResponses } },
    },
    async (req) => s.setPaused(ctx(req), req.body.ids, req.body.action === 'pause'),
  );
  r.get(
    '/api/monitors/:id',
    { config: publisher, schema: { tags, params: IdParams, response: { 200: MonitorSchema, ...errorResponses } } },
    async (req) => s.get(ctx(req), req.params.id),
  );
  r.put(
    '/api/monitors/:id',
    {
      config: publisher,
      schema: { tags, params: IdParams, body: MonitorInputSchema, response: { 200: MonitorSchema, ...errorResponses } },
    },
    async (req) => s.update(ctx(req), req.params.id, req.body),
  );
  r.delete(
    '/api/monitors/:id',
    { config: publisher, schema: { tags, params: IdParams, response: { 200: OkSchema, ...errorResponses } } },
    async (req) => {
      await s.remove(ctx(req), req.params.id);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/monitors/:id/pause',
    { config: publisher, schema: { tags, params: IdParams, response: { 200: MonitorSchema, ...errorResponses } } },
    async (req) => s.pauseOne(ctx(req), req.params.id, true),
  );
  r.post(
    '/api/monitors/:id/resume',
    { config: publisher, schema: { tags, params: IdParams, response: { 200: MonitorSchema, ...errorResponses } } },
    async (req) => s.pauseOne(ctx(req), req.params.id, false),
  );
  r.post(
    '/api/monitors/:id/check',
    { config: testNow, schema: { tags, params: IdParams, response: { 200: CheckResultSchema, ...errorResponses } } },
    async (req) => s.checkSaved(ctx(req), req.params.id),
  );
  r.get(
    '/api/monitors/:id/results',
    {
      config: publisher,
      schema: {
        tags,
        params: IdParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        response: { 200: z.array(CheckResultSchema), ...errorResponses },
      },
    },
    async (req) => s.results(ctx(req), req.params.id, req.query.limit),
  );
  r.get(
    '/api/monitors/:id/stats',
    {
      config: publisher,
      schema: {
        tags,
        params: IdParams,
        querystring: z.object({ range: MonitorRangeSchema.default('24h') }),
        response: { 200: MonitorStatsSchema, ...errorResponses },
      },
    },
    async (req) => s.stats(ctx(req), req.params.id, req.query.range),
  );
  r.get(
    '/api/monitors/:id/incidents',
    { config: publisher, schema: { tags, params: IdParams, response: { 200: z.array(IncidentSchema), ...errorResponses } } },
    async (req) => s.incidents(ctx(req), req.params.id),
  );
  // The link an outside alert recipient gets by e-mail (public: the recipient has no account).
  // GET shows the page with a "Confirm" button, and only its POST confirms.
  const confirmLink = {
    config: { access: 'public' as const, rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags,
      querystring: TokenQuery,
      response: { 200: z.string().describe('An HTML page.'), ...errorResponses },
    },
  };
  r.get(CONFIRM_RECIPIENT_PATH, confirmLink, async (req, reply) =>
    reply.type('text/html; charset=utf-8').send(await opts.recipients.confirmPage(req.query.token)),
  );
  r.post(CONFIRM_RECIPIENT_PATH, confirmLink, async (req, reply) =>
    reply.type('text/html; charset=utf-8').send(await opts.recipients.confirm(req.query.token)),
  );
}
