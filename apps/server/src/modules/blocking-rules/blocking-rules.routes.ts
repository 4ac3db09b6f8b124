import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  BlockingFeedSchema,
  BlockingRuleCheckSchema,
  BlockingRuleHistoryEntrySchema,
  BlockingRuleInputSchema,
  BlockingRuleSavedSchema,
  BlockingRuleSchema,
  BlockingRuleTypeSchema,
  IabCategorySchema,
  ImpactPreviewSchema,
} from '@pc/contracts';
import { errorResponses, OkSchema, typed } from '../../http/typed';
import { HttpError } from '../../lib/http-error';
import type { ReportEngine } from '../reports/engine/report-engine';
import type { BlockingRulesRepo } from './blocking-rules.repo';
import type { BlockingRulesService } from './blocking-rules.service';
import { iabCategories } from './iab-taxonomy';
import { impactPreview } from './impact-preview';
import type { FeedKeysService } from './feed-keys.service';
import { buildFeed, etagMatches } from './serving-feed';
import { valuesFromCsv, valuesToCsv } from './values-csv';

const tags = ['blocking rules'];
const IdParams = z.object({ id: z.string().min(1).max(64) });
const ImpactRequestSchema = z.object({
  type: BlockingRuleTypeSchema,
  values: z.array(z.string().max(500)).max(10_000),
  siteIds: z.array(z.string()).nullable(),
});
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
  const r = typed(app);
  const perCredential = app.createRateLimit({
    max: opts.feedRatePerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => credentialCounter(presentedCredential(req) ?? ''),
  });
  const s = opts.rules;
  const ctx = (req: { auth: { uid: string } | null; publisherId: string | null }) => ({
    uid: req.auth!.uid,
    publisherId: req.publisherId!,
  });
  const access = { access: 'publisher' as const };

  r.get(
    '/api/blocking-rules',
    { config: access, schema: { tags, response: { 200: z.array(BlockingRuleSchema), ...errorResponses } } },
    async (req) => s.list(ctx(req)),
  );
  r.post(
    '/api/blocking-rules',
    {
      config: access,
      schema: { tags, body: BlockingRuleInputSchema, response: { 200: BlockingRuleSavedSchema, 409: z.unknown(), ...errorResponses } },
    },
    async (req) => s.create(ctx(req), req.body),
  );
  r.post(
    '/api/blocking-rules/check',
    {
      config: access,
      schema: {
        tags,
        body: BlockingRuleInputSchema,
        querystring: z.object({ ruleId: z.string().max(64).optional() }),
        response: { 200: BlockingRuleCheckSchema, ...errorResponses },
      },
    },
    async (req) => s.check(ctx(req), req.body, req.query.ruleId ?? null),
  );
  r.post(
    '/api/blocking-rules/impact',
    { config: access, schema: { tags, body: ImpactRequestSchema, response: { 200: ImpactPreviewSchema, ...errorResponses } } },
    async (req) => {
      const publisherId = req.publisherId!;
      const [sites, currency] = await Promise.all([opts.repo.sites(publisherId), opts.repo.publisherCurrency(publisherId)]);
      return impactPreview(opts.engine, { id: publisherId, currency, sites }, req.body, today());
    },
  );
  r.get(
    '/api/blocking-rules/iab-categories',
    { config: { access: 'signedIn' }, schema: { tags, response: { 200: z.array(IabCategorySchema), ...errorResponses } } },
    async (_req, reply) => reply.header('cache-control', 'private, max-age=3600').send(iabCategories()),
  );
  r.post(
    '/api/blocking-rules/values/import',
    {
      config: access,
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        body: z.object({ csv: z.string().max(1_500_000) }),
        response: { 200: z.object({ values: z.array(z.string()) }), ...errorResponses },
      },
    },
    async (req) => ({ values: await valuesFromCsv(req.body.csv) }),
  );
  r.get(
    '/api/blocking-rules/feed',
    {
      // Per client address, before the key is checked: a consumer polls with its ETag far below
      // this, and guessing keys or tokens from one address is capped with it.
      config: {
        access: 'public',
        rateLimit: { max: opts.feedRatePerMinute, timeWindow: 60_000, keyGenerator: (req: { ip: string }) => req.ip },
      },
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
      schema: {
        tags,
        description:
          'Machine endpoint for the ad-serving side: `Authorization: Bearer <publisher feed key (pcf_…)>` reads that ' +
          "publisher's rules, or `Bearer <BLOCKING_FEED_TOKEN>` (provider service token) with `publisherId`; honours If-None-Match (304).",
        querystring: z.object({ publisherId: z.string().min(1).max(64).optional() }),
        response: { 200: BlockingFeedSchema, 304: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      const presented = presentedCredential(req);
      const publisherId = await opts.feedKeys.feedPublisher(presented, req.query.publisherId);
      await s.sweepExpired();
      const { feed, etag } = await buildFeed(opts.repo, publisherId, today());
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return feed;
    },
  );
  r.get(
    '/api/blocking-rules/:id',
    { config: access, schema: { tags, params: IdParams, response: { 200: BlockingRuleSchema, ...errorResponses } } },
    async (req) => s.get(ctx(req), req.params.id),
  );
  r.put(
    '/api/blocking-rules/:id',
    {
      config: access,
      schema: { tags, params: IdParams, body: BlockingRuleInputSchema, response: { 200: BlockingRuleSavedSchema, ...errorResponses } },
    },
    async (req) => s.update(ctx(req), req.params.id, req.body),
  );
  r.post(
    '/api/blocking-rules/:id/pause',
    { config: access, schema: { tags, params: IdParams, response: { 200: BlockingRuleSchema, ...errorResponses } } },
    async (req) => s.setPaused(ctx(req), req.params.id, true),
  );
  r.post(
    '/api/blocking-rules/:id/resume',
    { config: access, schema: { tags, params: IdParams, response: { 200: BlockingRuleSchema, ...errorResponses } } },
    async (req) => s.setPaused(ctx(req), req.params.id, false),
  );
  r.delete(
    '/api/blocking-rules/:id',
    { config: access, schema: { tags, params: IdParams, response: { 200: OkSchema, ...errorResponses } } },
    async (req) => {
      await s.remove(ctx(req), req.params.id);
      return { ok: true as const };
    },
  );
  r.get(
    '/api/blocking-rules/:id/history',
    { config: access, schema: { tags, params: IdParams, response: { 200: z.array(BlockingRuleHistoryEntrySchema), ...errorResponses } } },
    async (req) => s.history(ctx(req), req.params.id),
  );
  r.get(
    '/api/blocking-rules/:id/values.csv',
    { config: access, schema: { tags, params: IdParams, response: { 200: z.string(), ...errorResponses } } },
    async (req, reply) => {
      const rule = await s.get(ctx(req), req.params.id);
      const name = `blocking-rule-${rule.name.replace(/[^a-zA-Z0-9._-]+/g, '_').slice(0, 60)}-values.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(valuesToCsv(rule.values));
    },
  );
}
