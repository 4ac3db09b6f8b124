import type { FastifyInstance } from 'fastify';
import { partnerViewEndpoints } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { IdentityService } from '../../identity/identity.service';
import { notFound } from '../../lib/http-error';
import { createPartnerViewService } from '../../identity/partner-views.service';

/**
 * Sign in as partner (the spec's custom-token sign-in): an admin gets a single-use token, valid
 * for minutes, that opens a partner view: a session of their own account limited to one publisher
 * without admin access, for at most an hour, without a refresh token. Exit ends it in every
 * process. Start and end are audited with who, which partner, why and from where.
 */
export async function impersonationRoutes(app: FastifyInstance, opts: { db: Db; identity: IdentityService }) {
  const { db } = opts;
  const views = createPartnerViewService(db);
  registerEndpoints(app, partnerViewEndpoints, {
    start: async (req) => {
      const pub = await db.selectFrom('publishers').select(['id', 'name']).where('id', '=', req.body.publisherId).executeTakeFirst();
      if (!pub) throw notFound('No such partner.');
      const minted = await views.start({ uid: req.auth!.uid, email: req.auth!.email }, pub.id, req.body.reason, req.ip);
      return { ...minted, publisherName: pub.name };
    },
    // Exit, called from the partner view itself (its token is scoped to the partner, not staff).
    end: async (req) => {
      await views.end({ uid: req.auth!.uid, email: req.auth!.email }, req.auth!.partnerView, req.ip);
      return { ok: true as const };
    },
  });
}
