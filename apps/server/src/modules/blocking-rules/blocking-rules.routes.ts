import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { blockingRulesEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import { HttpError } from '../../lib/http-error';
import type { ReportEngine } from '../../report-engine/report-engine';
import type { BlockingRulesRepo } from './blocking-rules.repo';
import type { BlockingRulesService } from './blocking-rules.service';
import { iabCategories } from './iab-taxonomy';
import { impactPreview } from './impact-preview';
import type { FeedKeysService } from './feed-keys.service';
import { buildFeed, etagMatches } from './serving-feed';
import { valuesFromCsv, valuesToCsv } from './values-csv';
import { scopedCtx as ctx } from '../../http/request-context';

const today = () => new Date().toISOString().slice(0, 10);
const presentedCredential = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
/** The per-key counter's name: a hash, so the counters table never holds a key or token. */
const credentialCounter = (presented: string) =>
  `blocking-feed-credential:${createHash('sha256').update(presented).digest('base64url').slice(0, 32)}`;

export async function blockingRulesRoutes(
  app: FastifyInstance,
  opts: {
    rules: BlockingRulesService;
    repo: BlockingRulesRepo;
    engine: ReportEngine;
    feedKeys: FeedKeysService;
    /** Serving-feed requests per minute per client address (counters in PostgreSQL, shared by all processes). */
    feedRatePerMinute: number;
  },
) {
  const perCredential = app.createRateLimit({
    max: opts.feedRatePerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => credentialCounter(presentedCredential(req) ?? ''),
  });
  const s = opts.rules;
  registerEndpoints(
    app,
    blockingRulesEndpoints,
    {
      list: (req) => s.list(ctx(req)),
      create: (req) => s.create(ctx(req), req.body),
      check: (req) => s.check(ctx(req), req.body, req.query.ruleId ?? null),
      impact: async (req) => {
        return impactPreview(opts.engine, await s.impactSubject(req.publisherId!), req.body, today());
      },
      iabCategories: (_req, reply) => reply.header('cache-control', 'private, max-age=3600').send(iabCategories()),
      importValues: async (req) => ({ values: await valuesFromCsv(req.body.csv) }),
      feed: async (req, reply) => {
        const presented = presentedCredential(req);
        const publisherId = await opts.feedKeys.feedPublisher(presented, req.query.publisherId);
        await s.sweepExpired();
        const { feed, etag } = await buildFeed(opts.repo, publisherId, today());
        reply.header('etag', etag).header('cache-control', 'no-cache');
        if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send(null);
        return feed;
      },
      get: (req) => s.get(ctx(req), req.params.id),
      update: (req) => s.update(ctx(req), req.params.id, req.body),
      pause: (req) => s.setPaused(ctx(req), req.params.id, true),
      resume: (req) => s.setPaused(ctx(req), req.params.id, false),
      remove: async (req) => {
        await s.remove(ctx(req), req.params.id);
        return { ok: true as const };
      },
      history: (req) => s.history(ctx(req), req.params.id),
      valuesCsv: async (req, reply) => {
        const rule = await s.get(ctx(req), req.params.id);
        const name = `blocking-rule-${rule.name.replace(/[^a-zA-Z0-9._-]+/g, '_').slice(0, 60)}-values.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(valuesToCsv(rule.values));
      },
    },
    {
      feed: {
        // Per client address, before the key is checked: a consumer polls with its ETag far below
        // this, and guessing keys or tokens from one address is capped with it.
        rateLimit: { max: opts.feedRatePerMinute, timeWindow: 60_000, keyGenerator: (req: { ip: string }) => req.ip },
        // And per key or token, whatever the address: a leaked key polled from many addresses is
        // capped too. The address limit runs first (onRequest); this one after it.
        preHandler: async (req, reply) => {
          const presented = presentedCredential(req);
          if (!presented) return;
          const hit = await perCredential(req);
          if (hit.isAllowed || !hit.isExceeded) return;
          reply.header('retry-after', String(hit.ttlInSeconds));
          throw new HttpError(429, 'Too many requests with this key. Try again in a minute.', 'TooManyRequests');
        },
      },
    },
  );
}
