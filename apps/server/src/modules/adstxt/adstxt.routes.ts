import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type AdsTxtDiff,
  AdsTxtDetailSchema,
  AdsTxtDiffSchema,
  AdsTxtItemSchema,
  AdsTxtRevisionSchema,
  AdsTxtSavedSchema,
  AdsTxtSaveRevisionSchema,
  AdsTxtTemplateInputSchema,
  AdsTxtTemplatePreviewSchema,
  AdsTxtTemplateSchema,
  IdNumberField,
} from '@pc/contracts';
import { errorResponses, OkSchema, typed } from '../../http/typed';
import type { AdsTxtService } from './adstxt.service';
import { sendHostedFile } from './hosted-file-reply';

const tags = ['ads.txt'];
const DomainParams = z.object({ domainId: z.string().min(1).max(100) });
const RevisionParams = DomainParams.extend({ revisionId: IdNumberField() });
const TextFile = z.string();

const attachment = (name: string) => `attachment; filename="${name.replace(/[^a-zA-Z0-9._-]/g, '_')}"`;

/** Publisher-scoped ads.txt API: every call is within the checked Publisher-Scope. */
export async function adsTxtRoutes(app: FastifyInstance, opts: { adsTxt: AdsTxtService }) {
  const r = typed(app);
  const s = opts.adsTxt;
  const ctx = (req: { auth: { uid: string } | null; publisherId: string | null }) => ({
    uid: req.auth!.uid,
    publisherId: req.publisherId!,
  });
  const access = { access: 'publisher' as const };

  r.get(
    '/api/adstxt/domains',
    { config: access, schema: { tags, response: { 200: z.array(AdsTxtItemSchema), ...errorResponses } } },
    async (req) => s.list(ctx(req)),
  );
  r.get(
    '/api/adstxt/domains/:domainId',
    { config: access, schema: { tags, params: DomainParams, response: { 200: AdsTxtDetailSchema, ...errorResponses } } },
    async (req) => s.detail(ctx(req), req.params.domainId),
  );
  r.post(
    '/api/adstxt/domains/:domainId/verify',
    { config: access, schema: { tags, params: DomainParams, response: { 200: AdsTxtDetailSchema, ...errorResponses } } },
    async (req) => s.verify(ctx(req), req.params.domainId),
  );
  r.post(
    '/api/adstxt/domains/:domainId/hosting',
    { config: access, schema: { tags, params: DomainParams, response: { 200: AdsTxtDetailSchema, ...errorResponses } } },
    async (req) => s.activateHosting(ctx(req), req.params.domainId),
  );
  r.get(
    '/api/adstxt/domains/:domainId/missing-lines',
    { config: access, schema: { tags, params: DomainParams, response: { 200: TextFile, ...errorResponses } } },
    async (req, reply) => {
      const { domain, text } = await s.missingLinesText(ctx(req), req.params.domainId);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', attachment(`${domain}-missing-ads-txt-lines.txt`))
        .send(text);
    },
  );
  r.get(
    '/api/adstxt/domains/:domainId/revisions',
    {
      config: access,
      schema: { tags, params: DomainParams, response: { 200: z.array(AdsTxtRevisionSchema), ...errorResponses } },
    },
    async (req) => s.history(ctx(req), req.params.domainId),
  );
  r.post(
    '/api/adstxt/domains/:domainId/revisions',
    {
      config: access,
      // The content may be 2 MiB (checked by the schema: 400); its JSON escaping adds some. Beyond
      // this the body is not even read: 413.
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        tags,
        params: DomainParams,
        body: AdsTxtSaveRevisionSchema,
        response: { 200: AdsTxtSavedSchema, ...errorResponses },
      },
    },
    async (req) => s.saveRevision(ctx(req), req.params.domainId, req.body.content),
  );
  r.get(
    '/api/adstxt/domains/:domainId/revisions/:revisionId',
    { config: access, schema: { tags, params: RevisionParams, response: { 200: TextFile, ...errorResponses } } },
    async (req, reply) => {
      const rev = await s.revision(ctx(req), req.params.domainId, req.params.revisionId);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', attachment(`${rev.domain.domain_name}-ads-txt-revision-${rev.revisionId}.txt`))
        .send(rev.content);
    },
  );
  r.get(
    '/api/adstxt/domains/:domainId/diff',
    {
      config: access,
      schema: {
        tags,
        params: DomainParams,
        querystring: z.object({ from: IdNumberField(), to: IdNumberField() }),
        response: { 200: AdsTxtDiffSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      // Already JSON (built in a worker thread): a string payload is sent as is, not re-serialised.
      const json = await s.diffJson(ctx(req), req.params.domainId, req.query.from, req.query.to);
      return reply.type('application/json; charset=utf-8').send(json as unknown as AdsTxtDiff);
    },
  );

  // The provider-wide template of required lines: staff read it, admins preview and change it.
  r.get(
    '/api/adstxt/template',
    { config: { access: 'staff' }, schema: { tags, response: { 200: AdsTxtTemplateSchema, ...errorResponses } } },
    async () => s.templateDetails(),
  );
  r.post(
    '/api/adstxt/template/preview',
    {
      config: { access: 'admin' },
      schema: { tags, body: AdsTxtTemplateInputSchema, response: { 200: AdsTxtTemplatePreviewSchema, ...errorResponses } },
    },
    async (req) => s.previewTemplate(req.body.content),
  );
  r.put(
    '/api/adstxt/template',
    {
      config: { access: 'admin' },
      schema: { tags, body: AdsTxtTemplateInputSchema, response: { 200: OkSchema, ...errorResponses } },
    },
    async (req) => {
      await s.setTemplate(req.auth!.uid, req.body.content);
      return { ok: true as const };
    },
  );
}

/** The hosted file at a stable public URL: 200 text/plain with a strong ETag (304 on a match), never a redirect. */
export async function hostedAdsTxtRoutes(app: FastifyInstance, opts: { adsTxt: AdsTxtService }) {
  app.get<{ Params: { domain: string } }>('/hosted/ads-txt/:domain/ads.txt', { config: { access: 'public' } }, async (req, reply) =>
    sendHostedFile(req, reply, await opts.adsTxt.servableHostedFile(req.params.domain, 'web'), 'No hosted ads.txt for this domain.\n'),
  );
}
