import type { FastifyInstance } from 'fastify';
import { siteTagEndpoints, siteTagStaffEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import { COLLECT_LIMITS } from './site-tag.batch';
import type { SiteTagCollector } from './site-tag.collector';
import type { SiteTagRepo } from './site-tag.repo';
import { scriptUrlOf, type SiteTagService } from './site-tag.service';
import { demoPageHtml } from './demo/demo-page';
import { tagScript } from './tag-script';
import type { Db } from '../../db/pool';
import { setTagSampleRate } from './site-tag.sample-rate';

export async function siteTagRoutes(app: FastifyInstance, opts: { service: SiteTagService }) {
  const s = opts.service;
  registerEndpoints(app, siteTagEndpoints, {
    sites: (req) => s.sites(req.publisherId!),
    verify: (req) => s.verify(req.publisherId!, req.params.siteId, req.body?.url || undefined),
    audience: (req) => s.audience(req.publisherId!, req.query),
    performance: (req) => s.performance(req.publisherId!, req.query),
    adRevenue: (req) => s.adRevenue(req.publisherId!, req.query),
  });
}

/** Staff only: a site's sample rate (publishers see it read-only on their setup). */
export async function siteTagStaffRoutes(app: FastifyInstance, opts: { db: Db; onChanged?: (publisherId: string) => void }) {
  registerEndpoints(app, siteTagStaffEndpoints, {
    setSampleRate: (req) => setTagSampleRate(opts.db, req.auth!.uid, req.params.siteId, req.body.sampleOneIn, opts.onChanged),
  });
}

const CDN_COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country', 'x-country-code'];

/** The public side: the script per site key and the beacon endpoint (outside /api, on publishers' pages). */
export async function siteTagPublicRoutes(
  app: FastifyInstance,
  opts: {
    collector: SiteTagCollector;
    repo: SiteTagRepo;
    demoPages?: { publicUrl: string } | undefined;
    /** TRUST_PROXY is set: a proxy or CDN in front sets the country headers; otherwise any client could. */
    trustProxy?: boolean;
  },
) {
  app.get<{ Params: { file: string } }>('/t/:file', { config: { access: 'public' } }, async (req, reply) => {
    const key = /^([\w-]{1,64})\.js$/.exec(req.params.file)?.[1];
    const site = key ? await opts.repo.byKey(key) : null;
    if (!site) return reply.status(404).type('text/plain').send('Unknown site tag.');
    const script = await tagScript(site.sampleOneIn);
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    // Loaded by other sites' pages: helmet's same-origin resource policy would block it.
    reply
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=3600')
      .header('etag', script.etag)
      .header('vary', 'accept-encoding')
      .type('application/javascript; charset=utf-8');
    if (req.headers['if-none-match'] === script.etag) return reply.status(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? script.br : encoding === 'gzip' ? script.gzip : script.js);
  });

  if (opts.demoPages) {
    // Demo mode only: a page of each site with its tag, so the tag can be tried without a real site.
    app.get<{ Params: { siteId: string } }>('/demo/sites/:siteId', { config: { access: 'public' } }, async (req, reply) => {
      const site = /^[\w-]{1,64}$/.test(req.params.siteId) ? await opts.repo.byId(req.params.siteId) : null;
      if (!site?.active) return reply.status(404).type('text/plain').send('No such demo site.');
      // The tag from the configured PUBLIC_URL, never from the request's Host header: a page that
      // echoed Host would hand a forged host's script to whoever a poisoned cache serves it to. The
      // console links the page on PUBLIC_URL (demoPageUrl), so the tag stays same-origin for the CSP.
      return reply.type('text/html; charset=utf-8').send(demoPageHtml(site.name, scriptUrlOf(opts.demoPages!.publicUrl, site.tagKey)));
    });
  }

  app.post('/t/collect', { config: { access: 'public' }, bodyLimit: COLLECT_LIMITS.maxBodyBytes }, async (req, reply) => {
    const country = opts.trustProxy
      ? CDN_COUNTRY_HEADERS.map((h) => req.headers[h]).find((v): v is string => typeof v === 'string' && /^[A-Z]{2}$/.test(v))
      : undefined;
    const result = await opts.collector.collect({
      body: req.body,
      origin: typeof req.headers.origin === 'string' ? req.headers.origin : undefined,
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 512),
      country: country ?? '',
    });
    reply.header('cross-origin-resource-policy', 'cross-origin').header('access-control-allow-origin', '*');
    return reply.status(result.status).send(result.status === 202 ? '' : { message: result.message, name: 'SiteTagRejected' });
  });
}
