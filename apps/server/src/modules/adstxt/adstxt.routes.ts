import type { FastifyInstance } from 'fastify';
import { adsTxtEndpoints, adsTxtTemplateEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { AdsTxtService } from './adstxt.service';
import { sendHostedFile } from './hosted-file-reply';
import { scopedCtx as ctx } from '../../http/request-context';

const attachment = (name: string) => `attachment; filename="${name.replace(/[^a-zA-Z0-9._-]/g, '_')}"`;

/** Publisher-scoped ads.txt API: every call is within the checked Publisher-Scope. */
export async function adsTxtRoutes(app: FastifyInstance, opts: { adsTxt: AdsTxtService }) {
  const s = opts.adsTxt;
  registerEndpoints(app, adsTxtEndpoints, {
    listDomains: (req) => s.list(ctx(req)),
    getDomain: (req) => s.detail(ctx(req), req.params.domainId),
    verify: (req) => s.verify(ctx(req), req.params.domainId),
    activateHosting: (req) => s.activateHosting(ctx(req), req.params.domainId),
    missingLines: async (req, reply) => {
      const { domain, text } = await s.missingLinesText(ctx(req), req.params.domainId);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', attachment(`${domain}-missing-ads-txt-lines.txt`))
        .send(text);
    },
    listRevisions: (req) => s.history(ctx(req), req.params.domainId),
    saveRevision: (req) => s.saveRevision(ctx(req), req.params.domainId, req.body.content),
    getRevision: async (req, reply) => {
      const rev = await s.revision(ctx(req), req.params.domainId, req.params.revisionId);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', attachment(`${rev.domain.domain_name}-ads-txt-revision-${rev.revisionId}.txt`))
        .send(rev.content);
    },
    diff: async (req, reply) => {
      // Already JSON (built in a worker thread): a string payload is sent as is, not re-serialised.
      const json = await s.diffJson(ctx(req), req.params.domainId, req.query.from, req.query.to);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  });

  // The provider-wide template of required lines: staff read it, admins preview and change it.
  registerEndpoints(app, adsTxtTemplateEndpoints, {
    get: () => s.templateDetails(),
    preview: (req) => s.previewTemplate(req.body.content),
    set: async (req) => {
      await s.setTemplate(req.auth!.uid, req.body.content);
      return { ok: true as const };
    },
  });
}

/** The hosted file at a stable public URL: 200 text/plain with a strong ETag (304 on a match), never a redirect. */
export async function hostedAdsTxtRoutes(app: FastifyInstance, opts: { adsTxt: AdsTxtService }) {
  app.get<{ Params: { domain: string } }>('/hosted/ads-txt/:domain/ads.txt', { config: { access: 'public' } }, async (req, reply) =>
    sendHostedFile(req, reply, await opts.adsTxt.servableHostedFile(req.params.domain, 'web'), 'No hosted ads.txt for this domain.\n'),
  );
}
