import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdsTxtAllPublishersItemSchema, AdsTxtBulkVerifySchema, AdsTxtSavedSchema } from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import type { AdsTxtBulkService } from './adstxt-bulk.service';

const tags = ['ads.txt'];
const RevisionParams = z.object({
  domainId: z.string().min(1).max(100),
  revisionId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** Restore, every missing line at once, and the staff's all-publishers view with bulk verify. */
export async function adsTxtBulkRoutes(app: FastifyInstance, opts: { bulk: AdsTxtBulkService }) {
  const r = typed(app);
  const s = opts.bulk;
  const ctx = (req: { auth: { uid: string } | null; publisherId: string | null }) => ({
    uid: req.auth!.uid,
    publisherId: req.publisherId!,
  });

  r.post(
    '/api/adstxt/domains/:domainId/revisions/:revisionId/restore',
    { config: { access: 'publisher' }, schema: { tags, params: RevisionParams, response: { 200: AdsTxtSavedSchema, ...errorResponses } } },
    async (req) => s.restore(ctx(req), req.params.domainId, req.params.revisionId),
  );
  r.get(
    '/api/adstxt/missing-lines',
    { config: { access: 'publisher' }, schema: { tags, response: { 200: z.string(), ...errorResponses } } },
    async (req, reply) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', 'attachment; filename="all-missing-ads-txt-lines.txt"')
        .send(await s.allMissingLines(ctx(req))),
  );
  r.get(
    '/api/adstxt/all-publishers',
    { config: { access: 'staff' }, schema: { tags, response: { 200: z.array(AdsTxtAllPublishersItemSchema), ...errorResponses } } },
    async (req) => s.allPublishers(req.auth!.uid),
  );
  r.post(
    '/api/adstxt/all-publishers/verify',
    {
      config: { access: 'staff' },
      schema: { tags, body: AdsTxtBulkVerifySchema, response: { 200: z.object({ queued: z.number() }), ...errorResponses } },
    },
    async (req) => s.bulkVerify(req.auth!.uid, req.body.domainIds),
  );
}
