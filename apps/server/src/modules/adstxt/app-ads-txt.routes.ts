import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdsTxtAddAppDomainSchema, AdsTxtAppDomainAddedSchema } from '@pc/contracts';
import { errorResponses, OkSchema, typed } from '../../http/typed';
import type { AppDomainsService } from './adstxt-app-domains.service';
import type { AdsTxtService } from './adstxt.service';
import { sendHostedFile } from './hosted-file-reply';

const tags = ['ads.txt'];

/** A publisher's app developer domains, whose /app-ads.txt is managed like a site's ads.txt. */
export async function appDomainRoutes(app: FastifyInstance, opts: { appDomains: AppDomainsService }) {
  const r = typed(app);
  const ctx = (req: { auth: { uid: string } | null; publisherId: string | null }) => ({
    uid: req.auth!.uid,
    publisherId: req.publisherId!,
  });
  r.post(
    '/api/adstxt/app-domains',
    {
      config: { access: 'publisher' },
      schema: { tags, body: AdsTxtAddAppDomainSchema, response: { 200: AdsTxtAppDomainAddedSchema, ...errorResponses } },
    },
    async (req) => opts.appDomains.add(ctx(req), req.body.domain),
  );
  r.delete(
    '/api/adstxt/app-domains/:domainId',
    {
      config: { access: 'publisher' },
      schema: { tags, params: z.object({ domainId: z.string().min(1).max(100) }), response: { 200: OkSchema, ...errorResponses } },
    },
    async (req) => {
      await opts.appDomains.remove(ctx(req), req.params.domainId);
      return { ok: true as const };
    },
  );
}

/** The hosted app-ads.txt at a stable public URL, like the hosted ads.txt. */
export async function hostedAppAdsTxtRoutes(app: FastifyInstance, opts: { adsTxt: AdsTxtService }) {
  app.get<{ Params: { domain: string } }>('/hosted/app-ads-txt/:domain/app-ads.txt', { config: { access: 'public' } }, async (req, reply) =>
    sendHostedFile(req, reply, await opts.adsTxt.servableHostedFile(req.params.domain, 'app'), 'No hosted app-ads.txt for this domain.\n'),
  );
}
