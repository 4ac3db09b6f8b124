import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { monitorsEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errorResponses, typed } from '../../http/typed';
import type { MonitorsService } from './monitors.service';
import { CONFIRM_RECIPIENT_PATH, type RecipientConfirmations } from './monitor-recipients.service';
import { scopedCtx as ctx } from '../../http/request-context';

const tags = ['uptime monitoring'];
const TokenQuery = z.object({ token: z.string().min(1, 'The link has no token.').max(200, 'The link is not valid.') });
// "Test now" makes an outbound request on the caller's behalf: rate-limited per caller.
const testNow = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export async function monitorsRoutes(app: FastifyInstance, opts: { monitors: MonitorsService; recipients: RecipientConfirmations }) {
  const s = opts.monitors;
  registerEndpoints(
    app,
    monitorsEndpoints,
    {
      list: (req) => s.list(ctx(req), req.query),
      allPublishers: (req) => s.allPublishers(req.query),
      limits: (req) => s.limits(ctx(req)),
      summary: (req) => s.summary(ctx(req)),
      create: (req) => s.create(ctx(req), req.body),
      test: (req) => s.test(ctx(req), req.body),
      bulk: (req) => s.setPaused(ctx(req), req.body.ids, req.body.action === 'pause'),
      get: (req) => s.get(ctx(req), req.params.id),
      update: (req) => s.update(ctx(req), req.params.id, req.body),
      remove: async (req) => {
        await s.remove(ctx(req), req.params.id);
        return { ok: true as const };
      },
      pause: (req) => s.pauseOne(ctx(req), req.params.id, true),
      resume: (req) => s.pauseOne(ctx(req), req.params.id, false),
      check: (req) => s.checkSaved(ctx(req), req.params.id),
      results: (req) => s.results(ctx(req), req.params.id, req.query.limit),
      stats: (req) => s.stats(ctx(req), req.params.id, req.query.range),
      incidents: (req) => s.incidents(ctx(req), req.params.id),
    },
    { test: testNow, check: testNow },
  );
  confirmRecipientRoutes(app, opts.recipients);
}

/**
 * The link an outside alert recipient gets by e-mail (public: the recipient has no account). It
 * answers an HTML page, not JSON, so it stays out of the endpoint table. GET shows the page with a
 * "Confirm" button, and only its POST confirms.
 */
function confirmRecipientRoutes(app: FastifyInstance, recipients: RecipientConfirmations) {
  const r = typed(app);
  const confirmLink = {
    config: { access: 'public' as const, rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags,
      querystring: TokenQuery,
      response: { 200: z.string().describe('An HTML page.'), ...errorResponses },
    },
  };
  r.get(CONFIRM_RECIPIENT_PATH, confirmLink, async (req, reply) =>
    reply.type('text/html; charset=utf-8').send(await recipients.confirmPage(req.query.token)),
  );
  r.post(CONFIRM_RECIPIENT_PATH, confirmLink, async (req, reply) =>
    reply.type('text/html; charset=utf-8').send(await recipients.confirm(req.query.token)),
  );
}
