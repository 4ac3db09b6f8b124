import type { FastifyInstance } from 'fastify';
import { appDomainEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { AppDomainsService } from './adstxt-app-domains.service';
import type { AdsTxtService } from './adstxt.service';
import { sendHostedFile } from './hosted-file-reply';
import { scopedCtx as ctx } from '../../http/request-context';

/** A publisher's app developer domains, whose /app-ads.txt is managed like a site's ads.txt. */
export async function appDomainRoutes(app: FastifyInstance, opts: { appDomains: AppDomainsService }) {
  registerEndpoints(app, appDomainEndpoints, {
    add: (req) => opts.appDomains.add(ctx(req), req.body.domain),
    remove: async (req) => {
      await opts.appDomains.remove(ctx(req), req.params.domainId);
      return { ok: true as const };
    },
  });
}

/** The hosted app-ads.txt at a stable public URL, like the hosted ads.txt. */
export async function hostedAppAdsTxtRoutes(app: FastifyInstance, opts: { adsTxt: AdsTxtService }) {
  app.get<{ Params: { domain: string } }>('/hosted/app-ads-txt/:domain/app-ads.txt', { config: { access: 'public' } }, async (req, reply) =>
    sendHostedFile(req, reply, await opts.adsTxt.servableHostedFile(req.params.domain, 'app'), 'No hosted app-ads.txt for this domain.\n'),
  );
}
